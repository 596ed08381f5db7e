import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Highlight,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { USAGE_BAND_RANGES, usageBand } from '@che/core'
import type { Example, Idiom, IdiomChanges, IdiomFields } from '@che/core'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Banner } from '../../../components/banner'
import { QueryState } from '../../../components/query-state'
import { EXAMPLES_FALLBACK_ERROR, useExamplesOfIdiom } from '../api/get-examples-of-idiom'
import { IDIOM_FALLBACK_ERROR, useIdiom } from '../api/get-idiom'
import { listsCount, useRestoreIdiomLists } from '../api/restore-idiom-lists'
import { useUpdateIdiom } from '../api/update-idiom'
import { IdiomForm, saveErrorMessage } from '../idiom/idiom-form'
import { ExampleEditModal } from './example-edit-modal'

/** /admin/idioms/:idiomId: one idiom, its edit form and its examples. */
export function IdiomDetailPage() {
  const { idiomId = '' } = useParams()
  const idiom = useIdiom(idiomId)
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/idioms" size="sm">
        ← All idioms
      </Anchor>
      <QueryState query={idiom} errorFallback={IDIOM_FALLBACK_ERROR}>
        {(data) => <IdiomDetail idiom={data} />}
      </QueryState>
    </Stack>
  )
}

function IdiomDetail({ idiom }: { idiom: Idiom }) {
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const update = useUpdateIdiom()
  const band = USAGE_BAND_RANGES[usageBand(idiom.usage)]

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{idiom.text}</Title>
        <Text size="lg">{idiom.translation}</Text>
        <Group gap="xs">
          <Badge variant="light">{idiom.tone}</Badge>
          <Badge variant="light" color="gray">
            Usage {idiom.usage} · {band.label}
          </Badge>
          {idiom.source ? (
            <Text size="sm" c="dimmed">
              Source: {idiom.source}
            </Text>
          ) : null}
        </Group>
        {idiom.senses?.length ? <Senses senses={idiom.senses} /> : null}
      </Stack>

      <Banner
        message={saved && !editing ? 'Idiom updated.' : null}
        onClose={() => setSaved(false)}
      />
      {editing ? (
        <Paper withBorder p="md" radius="md" maw={640}>
          <Title order={2} size="h4" mb="sm">
            Edit idiom
          </Title>
          <IdiomForm
            initial={{
              text: idiom.text,
              translation: idiom.translation,
              tone: idiom.tone,
              usage: idiom.usage,
              source: idiom.source,
              meanings: idiom.meanings,
              literals: idiom.literals,
              senses: idiom.senses ?? [],
            }}
            submitLabel="Save changes"
            saving={update.isPending}
            error={update.isError ? saveErrorMessage(update.error) : null}
            onCancel={() => {
              update.reset()
              setEditing(false)
            }}
            onSubmit={(fields) =>
              update.mutate(
                { idiomId: idiom.idiomId, ...changedFields(idiom, fields) },
                {
                  onSuccess: () => {
                    setEditing(false)
                    setSaved(true)
                  },
                },
              )
            }
          />
        </Paper>
      ) : (
        <Stack gap="xs">
          <Group>
            <Button
              variant="default"
              onClick={() => {
                setSaved(false)
                setEditing(true)
              }}
            >
              Edit idiom
            </Button>
            {idiom.listsOrigin === 'edited' ? (
              <RestoreLibraryLists idiom={idiom} onOpen={() => setSaved(false)} />
            ) : null}
          </Group>
          {idiom.listsOrigin === 'edited' ? (
            <Text size="sm" c="dimmed">
              Its meanings and literal readings were edited here, so the library’s updates no longer
              change them.
            </Text>
          ) : null}
        </Stack>
      )}

      <Examples idiomId={idiom.idiomId} />
    </Stack>
  )
}

/** An idiom's senses (decision 067): each named by its first phrase, its other phrases after it. */
function Senses({ senses }: { senses: string[][] }) {
  return (
    <Stack gap={2} mt="xs" component="section" aria-labelledby="senses-heading">
      <Text id="senses-heading" size="sm" fw={600}>
        {senses.length} senses
      </Text>
      <List type="ordered" size="sm" spacing={2}>
        {senses.map((sense, i) => (
          // A sense has no identity but its place.
          <List.Item key={`sense-${i}`}>
            <Text span inherit fw={500}>
              {sense[0]}
            </Text>
            {sense.length > 1 ? (
              <Text span inherit c="dimmed">
                {' '}
                · {sense.slice(1).join(' · ')}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}

/**
 * For a library idiom whose meanings and literals an admin edited (decision 065): after a
 * confirmation, the library's current lists replace them and later library updates reach them.
 */
function RestoreLibraryLists({ idiom, onOpen }: { idiom: Idiom; onOpen: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const restore = useRestoreIdiomLists()
  return (
    <>
      <Button
        variant="light"
        color="orange"
        onClick={() => {
          onOpen()
          setConfirming(true)
        }}
      >
        Restore library lists
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Restore the library’s lists?"
      >
        <Stack gap="md">
          <Text>
            The {listsCount(idiom)} of “{idiom.text}” will be replaced with the library’s current
            lists, and the library’s updates will change them again. The edits made here to these
            lists are lost; the text, translation, tone, usage, source and examples stay as they
            are.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(idiom.idiomId, { onSettled: () => setConfirming(false) })
              }
            >
              Restore library lists
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}

/** Only what the admin changed: the update call treats an absent field as unchanged. */
function changedFields(idiom: Idiom, fields: IdiomFields): IdiomChanges {
  const changes: IdiomChanges = {}
  if (fields.text !== idiom.text) changes.text = fields.text
  if (fields.translation !== idiom.translation) changes.translation = fields.translation
  if (fields.tone !== idiom.tone) changes.tone = fields.tone
  if (fields.usage !== idiom.usage) changes.usage = fields.usage
  if (fields.source !== idiom.source) changes.source = fields.source
  // Sent only when they changed (senses too): the server marks changed lists as the admin's, so the library's
  // next release no longer replaces them (decision 065).
  if (!sameLines(fields.meanings, idiom.meanings)) changes.meanings = fields.meanings
  if (!sameLines(fields.literals, idiom.literals)) changes.literals = fields.literals
  const senses = fields.senses ?? []
  const before = idiom.senses ?? []
  if (senses.length !== before.length || senses.some((s, i) => !sameLines(s, before[i]!)))
    changes.senses = senses
  return changes
}

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i])

function Examples({ idiomId }: { idiomId: string }) {
  const examples = useExamplesOfIdiom(idiomId)
  const [editing, setEditing] = useState<Example | null>(null)
  return (
    <Stack gap="sm" component="section" aria-labelledby="examples-heading">
      <Group justify="space-between">
        <Title order={2} id="examples-heading" size="h3">
          Examples
        </Title>
        <Button component={Link} to={`/admin/example/${idiomId}`} variant="light">
          Add example
        </Button>
      </Group>
      <QueryState query={examples} errorFallback={EXAMPLES_FALLBACK_ERROR}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">This idiom has no examples yet.</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((ex) => (
                <Card component="li" key={ex.exampleId} withBorder radius="md" padding="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Highlight highlight={ex.conjugatedSnippet} fw={500}>
                        {ex.text}
                      </Highlight>
                      {ex.translation ? (
                        <Text size="sm" c="dimmed">
                          {ex.translation}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        Snippet: “{ex.conjugatedSnippet}” ·{' '}
                        {ex.audio ? `Voice: ${ex.audio.voice}` : 'No audio yet'}
                        {ex.source ? ` · Source: ${ex.source}` : ''}
                      </Text>
                      {ex.audio?.url ? (
                        <audio
                          controls
                          preload="none"
                          src={ex.audio.url}
                          aria-label={`Audio of: ${ex.text}`}
                        />
                      ) : null}
                    </Stack>
                    {/* It keeps its width: beside a long sentence on a phone it was cut to "Ed". */}
                    <Button
                      variant="subtle"
                      size="xs"
                      style={{ flexShrink: 0 }}
                      onClick={() => setEditing(ex)}
                      aria-label={`Edit example: ${ex.text}`}
                    >
                      Edit
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <ExampleEditModal example={editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}
