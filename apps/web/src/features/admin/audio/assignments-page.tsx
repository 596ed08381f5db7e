import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Fragment, useDeferredValue, useMemo, useState } from 'react'
import { AudioPlayer } from '../../../components/audio-player'
import { Banner } from '../../../components/banner'
import { EditorSelect } from '../../../components/editor-select'
import { QueryState } from '../../../components/query-state'
import { ASSIGNMENTS_FALLBACK_ERROR, useAssignments } from '../../../lib/queries/assignments'
import type { AssignmentReport } from '../../../lib/queries/assignments'
import { usePublishAssignment } from './api/publish-assignment'
import { AssignModal, PublishModal } from './assignment-modals'
import {
  ANY_TONE_USAGE,
  ToneUsageBadges,
  ToneUsageSelects,
  type ToneUsage,
} from '../../../components/tone-usage-filter'
import { filterReports, PAGE_SIZE, STATE_FILTERS } from './assignment-list'
import type { StateFilter } from './assignment-list'
import { StateBadge } from './state-badge'
import { PagePagination } from '../../../components/page-pagination'
import { PlainList } from '../../../components/plain-list'
import { LabelledText } from '../../../components/labelled-text'

/** /admin/audio 'Manage Assignments': assign idioms to editors and publish their recordings (spec §4). */
export function AssignmentsPage() {
  const [editor, setEditor] = useState('')
  const [state, setState] = useState<StateFilter>('')
  const [text, setText] = useState('')
  const [toneUsage, setToneUsage] = useState<ToneUsage>(ANY_TONE_USAGE)
  const reports = useAssignments(editor)
  const publish = usePublishAssignment()
  const [assigning, setAssigning] = useState<AssignmentReport | null>(null)
  const [publishing, setPublishing] = useState<AssignmentReport | null>(null)
  const [done, setDone] = useState<string | null>(null)

  return (
    <Stack gap="md">
      <Title order={1}>Manage Assignments</Title>
      <Text c="dimmed">
        Assign idioms to editors to record. When an editor has fulfilled one, listen to the take and
        publish it to learners.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Idiom or editor"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <EditorSelect
          label="Editor"
          allEditors
          value={editor}
          onChange={(v) => setEditor(v ?? '')}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="State"
          data={STATE_FILTERS}
          value={state}
          onChange={(v) => setState((v ?? '') as StateFilter)}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <ToneUsageSelects value={toneUsage} onChange={setToneUsage} />
      </Group>
      <Banner message={done} onClose={() => setDone(null)} />
      <QueryState query={reports} errorFallback={ASSIGNMENTS_FALLBACK_ERROR}>
        {(list) => (
          <AssignmentTable
            key={`${editor}|${state}|${text}|${toneUsage.tone}|${toneUsage.usage}`}
            list={list}
            state={state}
            text={text}
            toneUsage={toneUsage}
            onAssign={setAssigning}
            onPublish={(r) => {
              publish.reset()
              setPublishing(r)
            }}
          />
        )}
      </QueryState>
      <AssignModal
        report={assigning}
        onClose={() => setAssigning(null)}
        onDone={(r, name) => {
          setAssigning(null)
          setDone(`Assigned “${r.text}” to ${name || r.assigned?.source || 'the editor'}.`)
        }}
      />
      <PublishModal
        report={publishing}
        pending={publish.isPending}
        error={publish.error}
        onClose={() => setPublishing(null)}
        onConfirm={(r) => {
          if (!r.assigned) return
          publish.mutate(
            { idiomId: r.idiomId, assign: r.assigned.sync },
            {
              onSuccess: (saved) => {
                setPublishing(null)
                setDone(
                  `Published “${saved.text}” (v${saved.assigned?.sync ?? r.assigned?.sync}). Learners hear it now.`,
                )
              },
            },
          )
        }}
      />
    </Stack>
  )
}

function AssignmentTable({
  list,
  state,
  text,
  toneUsage,
  onAssign,
  onPublish,
}: {
  list: AssignmentReport[]
  state: StateFilter
  text: string
  toneUsage: ToneUsage
  onAssign: (r: AssignmentReport) => void
  onPublish: (r: AssignmentReport) => void
}) {
  const deferredText = useDeferredValue(text)
  const visible = useMemo(
    () => filterReports(list, { state, text: deferredText, ...toneUsage }),
    [list, state, deferredText, toneUsage],
  )
  const [page, setPage] = useState(1)
  const [listening, setListening] = useState<string | null>(null)
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  const shown = visible.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const narrow = useMediaQuery('(max-width: 48em)') ?? false
  const waiting = list.filter((r) => r.assigned?.state === 'fulfilled').length

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {visible.length === list.length
          ? `${list.length} idioms`
          : `${visible.length} of ${list.length} idioms match`}
        {waiting > 0 ? ` · ${waiting} waiting to be published` : ''}
      </Text>
      {visible.length === 0 ? (
        <Text py="md">
          {list.length === 0 ? 'No idioms yet.' : 'No idioms match these filters.'}
        </Text>
      ) : narrow ? (
        <PlainList label="Assignments">
          {shown.map((r) => {
            const open = listening === r.idiomId
            return (
              <Paper key={r.idiomId} component="li" withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <Text fw={600}>{r.text}</Text>
                  <Group gap={6}>
                    <StateBadge assigned={r.assigned} />
                    <ToneUsageBadges tone={r.tone} usage={r.usage} />
                  </Group>
                  {r.assigned ? (
                    <LabelledText label="Source">{r.assigned.source}</LabelledText>
                  ) : null}
                  <Group gap="xs">
                    <ListenButton
                      report={r}
                      open={open}
                      onToggle={() => setListening(open ? null : r.idiomId)}
                    />
                    <RowActions report={r} onAssign={onAssign} onPublish={onPublish} />
                  </Group>
                  {open ? <Recording report={r} /> : null}
                </Stack>
              </Paper>
            )
          })}
        </PlainList>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Assignments" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Idiom</Table.Th>
                <Table.Th>Tone</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Usage</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Recording</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => {
                const open = listening === r.idiomId
                const audio = r.assigned?.audio
                return (
                  <Fragment key={r.idiomId}>
                    <Table.Tr>
                      <Table.Td fw={500}>{r.text}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                          {r.tone}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{r.usage}</Table.Td>
                      <Table.Td>
                        <StateBadge assigned={r.assigned} />
                      </Table.Td>
                      <Table.Td>
                        {r.assigned?.source ?? (
                          <Text span c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {audio ? (
                          <ListenButton
                            report={r}
                            open={open}
                            onToggle={() => setListening(open ? null : r.idiomId)}
                          />
                        ) : (
                          <Text span c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <RowActions report={r} onAssign={onAssign} onPublish={onPublish} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {open && audio ? (
                      <Table.Tr>
                        <Table.Td colSpan={7} bg="var(--mantine-color-gray-0)">
                          <Recording report={r} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                )
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 ? (
        <Group justify="flex-end">
          <PagePagination total={pages} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  )
}

function ListenButton({
  report,
  open,
  onToggle,
}: {
  report: AssignmentReport
  open: boolean
  onToggle: () => void
}) {
  if (!report.assigned?.audio) return null
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      aria-expanded={open}
      aria-label={`${open ? 'Hide' : 'Listen to'} the recording of ${report.text}`}
      onClick={onToggle}
    >
      {open ? 'Hide' : 'Listen'}
    </Button>
  )
}

function RowActions({
  report,
  onAssign,
  onPublish,
}: {
  report: AssignmentReport
  onAssign: (r: AssignmentReport) => void
  onPublish: (r: AssignmentReport) => void
}) {
  return (
    <>
      {report.assigned?.state === 'fulfilled' ? (
        <Button
          size="compact-sm"
          color="green"
          onClick={() => onPublish(report)}
          aria-label={`Publish ${report.text}`}
        >
          Publish
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => onAssign(report)}
        aria-label={`${report.assigned ? 'Reassign' : 'Assign'} ${report.text}`}
      >
        {report.assigned ? 'Reassign' : 'Assign'}
      </Button>
    </>
  )
}

/** The take to listen to (admins get the download control) with what it should say. */
function Recording({ report }: { report: AssignmentReport }) {
  const audio = report.assigned?.audio
  if (!audio) return null
  return (
    <Stack gap={6}>
      <LabelledText label="Transcription">{report.assigned?.transcription || '—'}</LabelledText>
      <AudioPlayer src={audio.url} isAdmin label={`Recording of ${report.text}`} autoFocus />
    </Stack>
  )
}
