import {
  AccordionChevron,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { LISTING_MAX_HEIGHT_PX } from '@che/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMemo, useState } from 'react'
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
  // Five filters do not fit side by side on a phone: they stack there instead of widening the page.
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false })
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
        orientation={wide ? 'horizontal' : 'vertical'}
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
          <Table stickyHeader verticalSpacing="xs" aria-label="Parsed rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Text</Table.Th>
                {/* On a phone, translation, tone and usage go under the text: the status stays in view. */}
                <Table.Th visibleFrom="sm">Translation</Table.Th>
                <Table.Th visibleFrom="sm">Tone</Table.Th>
                <Table.Th visibleFrom="sm">Usage</Table.Th>
                <Table.Th visibleFrom="sm">Meanings</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr
                  key={r.row}
                  data-status={r.status}
                  bg={r.status === 'error' ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>
                    {r.cells.text}
                    <Text size="xs" hiddenFrom="sm" data-testid="row-details">
                      {[
                        r.cells.translation,
                        r.idiom?.tone ?? r.cells.tone,
                        String(r.idiom?.usage ?? r.cells.usage) &&
                          `usage ${r.idiom?.usage ?? r.cells.usage}`,
                        phraseListsSummary(r.lists),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{r.cells.translation}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.idiom?.tone ?? r.cells.tone}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.idiom?.usage ?? r.cells.usage}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <PhraseLists row={r} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge
                        color={COLORS[r.status]}
                        variant="light"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {reviewStatusLabel(r)}
                      </Badge>
                      {r.errors.length > 0 ? (
                        <List size="xs" c="red.8" spacing={0}>
                          {r.errors.map((e, i) => (
                            <List.Item key={i}>
                              {e.field}: {e.message}
                            </List.Item>
                          ))}
                        </List>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
