import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { UserProfile } from '@che/core'
import { useMemo, useState } from 'react'
import { AudioPlayer } from '../../components/audio-player'
import { Banner } from '../../components/banner'
import { EditorSelect } from '../../components/editor-select'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { QueryState } from '../../components/query-state'
import { PlainList } from '../../components/plain-list'
import {
  ANY_TONE_USAGE,
  matchesToneUsage,
  ToneUsageBadges,
  ToneUsageSelects,
  type ToneUsage,
} from '../../components/tone-usage-filter'
import { errorMessage } from '../../lib/api-client'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'
import { ASSIGNMENTS_FALLBACK_ERROR, useAssignments } from '../../lib/queries/assignments'
import type { AssignmentReport } from '../../lib/queries/assignments'
import { AssignmentEditModal } from './assignment-edit-modal'
import { AssignmentStateBadge } from './assignment-state-badge'
import { LabelledText } from '../../components/labelled-text'

type Assigned = NonNullable<AssignmentReport['assigned']>
type Row = AssignmentReport & { assigned: Assigned }

// What needs doing first: to record, then waiting to be published, then done.
const ORDER: Record<Assigned['state'], number> = { assigned: 0, fulfilled: 1, published: 2 }

/** The assigned idioms of a list (of a tone and usage band, when given), to-do first, then by text. */
export function assignedRows(list: AssignmentReport[], filter: ToneUsage = ANY_TONE_USAGE): Row[] {
  return list
    .filter((r): r is Row => r.assigned !== null)
    .filter((r) => matchesToneUsage(r, filter))
    .sort(
      (a, b) =>
        ORDER[a.assigned.state] - ORDER[b.assigned.state] || a.text.localeCompare(b.text, 'es'),
    )
}

/** /editor/manage 'Assigned Idioms': an editor's own assignments; admins see everyone's, by editor. */
export function ManagePage() {
  const profile = useProfile()
  if (profile.isPending) return <Loading />
  if (profile.isError)
    return <ErrorText message={errorMessage(profile.error, PROFILE_FALLBACK_ERROR)} />
  return <AssignedIdioms viewer={profile.data} />
}

function AssignedIdioms({ viewer }: { viewer: UserProfile }) {
  const isAdmin = viewer.role === 'admin'
  const [editor, setEditor] = useState('')
  const assignments = useAssignments(isAdmin && editor ? editor : undefined)
  const [editing, setEditing] = useState<AssignmentReport | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [toneUsage, setToneUsage] = useState<ToneUsage>(ANY_TONE_USAGE)

  return (
    <Stack gap="md">
      <Title order={1}>Assigned Idioms</Title>
      <Text c="dimmed">
        {isAdmin
          ? 'Every assigned idiom. Edit one to change its transcription or snippet, or to record or upload its audio.'
          : 'Record or upload the audio for each idiom assigned to you, with the transcription of what you say. An admin publishes it to learners.'}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {isAdmin ? (
          <EditorSelect
            label="Editor"
            allEditors
            enabled={isAdmin}
            value={editor}
            onChange={(v) => setEditor(v ?? '')}
            w={{ base: '100%', xs: 280 }}
          />
        ) : null}
        <ToneUsageSelects value={toneUsage} onChange={setToneUsage} />
      </Group>
      <Banner message={saved} onClose={() => setSaved(null)} />
      <QueryState query={assignments} errorFallback={ASSIGNMENTS_FALLBACK_ERROR}>
        {(list) => (
          <AssignmentList
            rows={assignedRows(list, toneUsage)}
            filtered={toneUsage.tone !== '' || toneUsage.usage !== ''}
            isAdmin={isAdmin}
            onEdit={setEditing}
          />
        )}
      </QueryState>
      <AssignmentEditModal
        report={editing}
        viewer={viewer}
        onClose={() => setEditing(null)}
        onSaved={(r) => {
          setEditing(null)
          setSaved(
            isAdmin
              ? `Saved “${r.text}”. It is ready to publish.`
              : `Saved “${r.text}”. An admin will publish it to learners.`,
          )
        }}
      />
    </Stack>
  )
}

function AssignmentList({
  rows,
  filtered,
  isAdmin,
  onEdit,
}: {
  rows: Row[]
  filtered: boolean
  isAdmin: boolean
  onEdit: (r: Row) => void
}) {
  const counts = useMemo(() => {
    const c = { assigned: 0, fulfilled: 0, published: 0 }
    for (const r of rows) c[r.assigned.state] += 1
    return c
  }, [rows])
  if (rows.length === 0 && filtered) return <Text py="md">No idioms match these filters.</Text>
  if (rows.length === 0) {
    return (
      <Text py="md">{isAdmin ? 'No assigned idioms.' : 'No idioms are assigned to you yet.'}</Text>
    )
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {rows.length} {rows.length === 1 ? 'idiom' : 'idioms'}: {counts.assigned} to record,{' '}
        {counts.fulfilled} waiting to be published, {counts.published} published
      </Text>
      <PlainList label="Assigned idioms">
        {rows.map((r) => (
          <Paper
            key={r.idiomId}
            component="li"
            withBorder
            radius="md"
            p="md"
            aria-labelledby={`idiom-${r.idiomId}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={2} size="h4" id={`idiom-${r.idiomId}`}>
                    {r.text}
                  </Title>
                  <Group gap="xs">
                    <AssignmentStateBadge state={r.assigned.state} sync={r.assigned.sync} />
                    <ToneUsageBadges tone={r.tone} usage={r.usage} />
                  </Group>
                </Stack>
                <Button
                  variant="light"
                  onClick={() => onEdit(r)}
                  aria-label={`Edit ${r.text}`}
                  style={{ flexShrink: 0 }}
                >
                  Edit
                </Button>
              </Group>
              {isAdmin ? <LabelledText label="Editor">{r.assigned.source}</LabelledText> : null}
              {r.assigned.transcription ? (
                <LabelledText label="Transcription">{r.assigned.transcription}</LabelledText>
              ) : null}
              {r.assigned.audio ? (
                <AudioPlayer
                  src={r.assigned.audio.url}
                  isAdmin={isAdmin}
                  label={`Recording of ${r.text}`}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  No recording yet.
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </PlainList>
    </Stack>
  )
}
