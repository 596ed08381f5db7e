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
import { useForm } from '@mantine/form'
import { api } from '@che/core'
import type { Example } from '@che/core'
import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Banner } from '../../../components/banner'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { CREATE_EXAMPLE_FALLBACK_ERROR, useCreateExample } from '../api/create-example'
import { IDIOMS_FALLBACK_ERROR, useIdioms } from '../api/get-idioms'
import type { IdiomRow } from '../api/get-idioms'
import { SentenceFields, snippetRule } from './example-fields'

/** What POST /api/admin/idiom-examples takes; the server checks the request with this schema too. */
const ExampleCreate = bodySchema(api.adminExampleCreate)
import { bodySchema, contractResolver, fieldErrorsFrom } from '../../../lib/form'

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

function CreateExampleForm({
  idioms,
  initialIdiomId,
}: {
  idioms: IdiomRow[]
  initialIdiomId: string | null
}) {
  const create = useCreateExample()
  const form = useForm({
    initialValues: {
      idiomId:
        initialIdiomId && idioms.some((i) => i.idiomId === initialIdiomId) ? initialIdiomId : '',
      text: '',
      conjugatedSnippet: '',
      translation: '',
      source: '',
    },
    validate: contractResolver(ExampleCreate, (values) => ({
      ...(values.idiomId ? {} : { idiomId: 'Choose the idiom' }),
      ...snippetRule(values),
    })),
  })
  const [created, setCreated] = useState<Example | null>(null)

  const options = useMemo(
    () =>
      [...idioms]
        .sort((a, b) => a.text.localeCompare(b.text, 'es'))
        .map((i) => ({ value: i.idiomId, label: i.text })),
    [idioms],
  )
  const chosen = idioms.find((i) => i.idiomId === form.values.idiomId)

  const submit = form.onSubmit((values) => {
    setCreated(null)
    create.mutate(ExampleCreate.parse(values), {
      onSuccess: (example) => {
        setCreated(example)
        // The idiom stays chosen, so the next example of the same idiom is quick to add.
        form.setValues({ text: '', conjugatedSnippet: '', translation: '', source: '' })
      },
      onError: (error) => form.setErrors(fieldErrorsFrom(error)),
    })
  })

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
          {...form.getInputProps('idiomId')}
          value={form.values.idiomId || null}
          onChange={(value) => form.setFieldValue('idiomId', value ?? '')}
          nothingFoundMessage="No idiom matches"
          limit={50}
          description={
            chosen ? `${chosen.translation} · ${chosen.tone} · usage ${chosen.usage}` : undefined
          }
        />
        <SentenceFields
          form={form}
          textDescription="A sentence that uses the idiom."
          snippetDescription="The idiom as it appears in the text (it must occur in the text)."
        />
        <Textarea
          label="Translation"
          description="Optional: the sentence in English."
          autosize
          minRows={1}
          maxRows={4}
          {...form.getInputProps('translation')}
        />
        <TextInput
          label="Source"
          description="Optional: where the sentence comes from."
          {...form.getInputProps('source')}
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
