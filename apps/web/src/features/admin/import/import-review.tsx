import {
  AccordionChevron,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { LISTING_MAX_HEIGHT_PX } from '@che/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import { PlainList } from '../../../components/plain-list'
import { phraseListsSummary, reviewStatusLabel } from './csv-review'
import type { Review, ReviewRow, ReviewStatus } from './csv-review'

const PAGE_SIZE = 50

const COLORS: Record<ReviewStatus, string> = {
  new: 'green',
  error: 'red',
  duplicate: 'orange',
  exists: 'gray',
}

type Show = 'all' | ReviewStatus

/** The parsed rows with their status: new, error (with the messages), duplicate or already stored. */
export function ImportReview({ review }: { review: Review }) {
  const [show, setShow] = useState<Show>('all')
  const [page, setPage] = useState(1)
  // On a phone the five filters stack instead of widening the page, and each row is a card (as
  // on Manage Assignments and Accounts): a table's Status column there cut "Already exists" to
  // "ALREA…", and its Meanings column, hidden, left the phrases countable but not openable.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false })
  const { counts } = review
  const duplicates = counts.duplicate + counts.exists
  const visible = useMemo(
    () => (show === 'all' ? review.rows : review.rows.filter((r) => r.status === show)),
    [review.rows, show],
  )
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  const shown = visible.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)

  return (
    <Stack gap="sm" component="section" aria-label="Review">
      <Text fw={600} aria-live="polite">
        {review.rows.length} rows: {counts.new} new, {counts.error} with errors, {duplicates}{' '}
        duplicates
        {duplicates > 0
          ? ` (${counts.duplicate} repeated in the file, ${counts.exists} already saved)`
          : ''}
        .
      </Text>
      <SegmentedControl
        value={show}
        onChange={(v) => {
          setShow(v as Show)
          setPage(1)
        }}
        aria-label="Show rows"
        orientation={narrow ? 'vertical' : 'horizontal'}
        data={[
          { value: 'all', label: `All (${review.rows.length})` },
          { value: 'new', label: `New (${counts.new})` },
          { value: 'error', label: `Errors (${counts.error})` },
          { value: 'duplicate', label: `Repeated (${counts.duplicate})` },
          { value: 'exists', label: `Already saved (${counts.exists})` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {visible.length === 0 ? (
        <Text c="dimmed">No rows to show.</Text>
      ) : (
        <ScrollArea.Autosize mah={LISTING_MAX_HEIGHT_PX} type="auto" offsetScrollbars>
          {narrow ? (
            <PlainList label="Parsed rows">
              {shown.map((r) => (
                <RowCard key={r.row} row={r} />
              ))}
            </PlainList>
          ) : (
            <Table stickyHeader verticalSpacing="xs" aria-label="Parsed rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>Translation</Table.Th>
                  <Table.Th>Tone</Table.Th>
                  <Table.Th>Usage</Table.Th>
                  <Table.Th>Meanings</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r) => (
                  <Table.Tr key={r.row} data-status={r.status} bg={rowBackground(r)}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.cells.text}</Table.Td>
                    <Table.Td>{r.cells.translation}</Table.Td>
                    <Table.Td>{r.idiom?.tone ?? r.cells.tone}</Table.Td>
                    <Table.Td>{r.idiom?.usage ?? r.cells.usage}</Table.Td>
                    <Table.Td>
                      <PhraseLists row={r} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <StatusBadge row={r} />
                        <RowErrors row={r} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ScrollArea.Autosize>
      )}
      {pages > 1 ? (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            siblings={1}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      ) : null}
    </Stack>
  )
}

const rowBackground = (r: ReviewRow) =>
  r.status === 'error' ? 'var(--mantine-color-red-light)' : undefined

/** The status, whole: a narrow column cut "Already exists" to "ALREA…". */
function StatusBadge({ row }: { row: ReviewRow }) {
  return (
    <Badge
      color={COLORS[row.status]}
      variant="light"
      miw="max-content"
      style={{ whiteSpace: 'nowrap' }}
    >
      {reviewStatusLabel(row)}
    </Badge>
  )
}

function RowErrors({ row }: { row: ReviewRow }) {
  if (row.errors.length === 0) return null
  return (
    <List size="xs" c="red.8" spacing={0}>
      {row.errors.map((e, i) => (
        <List.Item key={i}>
          {e.field}: {e.message}
        </List.Item>
      ))}
    </List>
  )
}

/**
 * A row on a phone: its number and status, the text, then translation, tone and usage on one
 * line, and the meanings button that opens its phrases, as the table's Meanings column does.
 */
function RowCard({ row }: { row: ReviewRow }) {
  const usage = row.idiom?.usage ?? row.cells.usage
  const details = [
    row.cells.translation,
    row.idiom?.tone ?? row.cells.tone,
    String(usage) && `usage ${usage}`,
  ].filter(Boolean)
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-status={row.status}
      bg={rowBackground(row)}
      aria-label={`Row ${row.row}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            Row {row.row}
          </Text>
          <StatusBadge row={row} />
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.cells.text}
        </Text>
        {details.length ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {details.join(' · ')}
          </Text>
        ) : null}
        <RowErrors row={row} />
        <PhraseLists row={row} />
      </Stack>
    </Paper>
  )
}

/**
 * A row's meanings, senses and literals (decision 067): their counts, and the phrases when the
 * admin opens them; a row of 60 meanings would otherwise fill the screen.
 */
function PhraseLists({ row }: { row: ReviewRow }) {
  const [open, setOpen] = useState(false)
  const summary = phraseListsSummary(row.lists)
  if (!summary) return null
  const { meanings, senses, literals } = row.lists
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        rightSection={
          <AccordionChevron
            size={12}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
        style={{ whiteSpace: 'nowrap' }}
      >
        {summary}
      </Button>
      {open ? (
        <List size="xs" spacing={0} aria-label={`Phrases of row ${row.row}`}>
          {meanings.length ? <Phrases label="Meanings" phrases={meanings} /> : null}
          {senses.map((sense, i) => (
            // A sense has no identity but its place.
            <Phrases key={`sense-${i}`} label={`Sense ${i + 1}`} phrases={sense} />
          ))}
          {literals.length ? <Phrases label="Literals" phrases={literals} /> : null}
        </List>
      ) : null}
    </Stack>
  )
}

function Phrases({ label, phrases }: { label: string; phrases: readonly string[] }) {
  return (
    <List.Item>
      <Text span inherit fw={600}>
        {label}:
      </Text>{' '}
      {phrases.join(' · ')}
    </List.Item>
  )
}
