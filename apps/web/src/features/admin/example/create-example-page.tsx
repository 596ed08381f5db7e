import {
  Anchor,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { snippetInText } from '@che/core'
import type { Example } from '@che/core'
import { useMemo, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { Banner } from '../../../components/banner'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { CREATE_EXAMPLE_FALLBACK_ERROR, useCreateExample } from '../api/create-example'
import { IDIOMS_FALLBACK_ERROR, useIdioms } from '../api/get-idioms'
import type { IdiomRow } from '../api/get-idioms'
import { fieldErrorsFrom } from '../field-errors'

/** /admin/example and /admin/example/:idiomId: add an example to an idiom (spec §5 example create). */
export function CreateExamplePage() {
  const { idiomId } = useParams()
  const idioms = useIdioms()
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Create Example</Title>
      <QueryState query={idioms} errorFallback={IDIOMS_FALLBACK_ERROR}>
        {(rows) => (
          <CreateExampleForm key={idiomId ?? ''} idioms={rows} initialIdiomId={idiomId ?? null} />
        )}
      </QueryState>
    </Stack>
  )
}

type Field = 'idiomId' | 'text' | 'conjugatedSnippet' | 'translation' | 'source'

function CreateExampleForm({
  idioms,
  initialIdiomId,
}: {
  idioms: IdiomRow[]
  initialIdiomId: string | null
}) {
  const create = useCreateExample()
  const [idiomId, setIdiomId] = useState<string | null>(
    initialIdiomId && idioms.some((i) => i.idiomId === initialIdiomId) ? initialIdiomId : null,
  )
  const [text, setText] = useState('')
  const [snippet, setSnippet] = useState('')
  const [translation, setTranslation] = useState('')
  const [source, setSource] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [created, setCreated] = useState<Example | null>(null)

  const options = useMemo(
    () =>
      [...idioms]
        .sort((a, b) => a.text.localeCompare(b.text, 'es'))
        .map((i) => ({ value: i.idiomId, label: i.text })),
    [idioms],
  )
  const chosen = idioms.find((i) => i.idiomId === idiomId)
  const server = fieldErrorsFrom(create.error)
  const fieldError = (f: Field) => errors[f] ?? server[f]

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Partial<Record<Field, string>> = {}
    if (!idiomId) next.idiomId = 'Choose the idiom'
    if (!text.trim()) next.text = 'Text is required'
    if (!snippet.trim()) next.conjugatedSnippet = 'Conjugated snippet is required'
    else if (text.trim() && !snippetInText(text, snippet.trim())) {
      next.conjugatedSnippet =
        'The snippet must appear in the text, exactly as written there (case aside)'
    }
    setErrors(next)
    if (Object.keys(next).length > 0 || !idiomId) return
    setCreated(null)
    create.mutate(
      {
        idiomId,
        text: text.trim(),
        conjugatedSnippet: snippet.trim(),
        translation: translation.trim(),
        source: source.trim(),
      },
      {
        onSuccess: (example) => {
          setCreated(example)
          setText('')
          setSnippet('')
          setTranslation('')
          setSource('')
        },
      },
    )
  }

  const noIdiomInRoute = initialIdiomId && !idioms.some((i) => i.idiomId === initialIdiomId)

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {noIdiomInRoute ? (
          <Banner
            type="warning"
            message="The idiom in the address was not found; choose one below."
          />
        ) : null}
        <Banner
          message={
            created ? (
              <Stack gap={4}>
                <Text inherit>Example added to “{created.idiom.text}”.</Text>
                <Group gap="md">
                  <Anchor component={Link} to={`/admin/idioms/${created.idiomId}`} inherit>
                    View the idiom and its examples
                  </Anchor>
                  <Text inherit>Or add another below.</Text>
                </Group>
              </Stack>
            ) : null
          }
          onClose={() => setCreated(null)}
        />
        <Select
          label="Idiom"
          required
          searchable
          placeholder="Type to search idioms"
          data={options}
          value={idiomId}
          onChange={(value) => {
            setIdiomId(value)
            if (value) setErrors((er) => ({ ...er, idiomId: undefined }))
          }}
          nothingFoundMessage="No idiom matches"
          limit={50}
          error={fieldError('idiomId')}
          description={
            chosen ? `${chosen.translation} · ${chosen.tone} · usage ${chosen.usage}` : undefined
          }
        />
        <Textarea
          label="Text"
          description="A sentence that uses the idiom."
          required
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fieldError('text')}
          maxLength={1000}
        />
        <TextInput
          label="Conjugated snippet"
          description="The idiom as it appears in the text (it must occur in the text)."
          required
          value={snippet}
          onChange={(e) => {
            setSnippet(e.currentTarget.value)
            if (errors.conjugatedSnippet)
              setErrors((er) => ({ ...er, conjugatedSnippet: undefined }))
          }}
          error={fieldError('conjugatedSnippet')}
          maxLength={300}
        />
        <Textarea
          label="Translation"
          description="Optional: the sentence in English."
          autosize
          minRows={1}
          maxRows={4}
          value={translation}
          onChange={(e) => setTranslation(e.currentTarget.value)}
          error={fieldError('translation')}
          maxLength={1000}
        />
        <TextInput
          label="Source"
          description="Optional: where the sentence comes from."
          value={source}
          onChange={(e) => setSource(e.currentTarget.value)}
          error={fieldError('source')}
          maxLength={300}
        />
        <Banner
          type="error"
          message={
            create.isError ? errorMessage(create.error, CREATE_EXAMPLE_FALLBACK_ERROR) : null
          }
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create example
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
