import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { LISTING_MAX_HEIGHT_PX } from '@che/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { QueryState } from '../../../components/query-state'
import { IDIOMS_FALLBACK_ERROR, useIdioms } from '../api/get-idioms'
import type { IdiomRow } from '../api/get-idioms'
import { CreateIdiom } from '../idiom/create-idiom'
import {
  filterIdioms,
  indexIdioms,
  nextSort,
  pageCount,
  pageOf,
  PAGE_SIZE,
  sortIdioms,
} from './idiom-list'
import type { IdiomFilter, IdiomSort, SortKey } from './idiom-list'
import { PagePagination } from '../../../components/page-pagination'
import { ToneUsageSelects } from '../../../components/tone-usage-filter'

/** /admin/idioms: every idiom, filtered by tone, usage band and text, sorted by any column. */
export function IdiomsPage() {
  const idioms = useIdioms()
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Idioms</Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/admin/import">
            Import CSV
          </Button>
          <Button onClick={() => setCreating(true)}>New idiom</Button>
        </Group>
      </Group>
      <QueryState query={idioms} errorFallback={IDIOMS_FALLBACK_ERROR}>
        {(rows) => <IdiomTable rows={rows} />}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New idiom" size="lg">
        <CreateIdiom onCancel={() => setCreating(false)} onDone={() => setCreating(false)} />
      </Modal>
    </Stack>
  )
}

/**
 * `wideOnly` columns are left out below the sm breakpoint: on a phone the list is text (with its
 * tone and usage under it) and translation, without scrolling sideways.
 */
const COLUMNS: { key: SortKey; label: string; numeric?: boolean; wideOnly?: boolean }[] = [
  { key: 'text', label: 'Text' },
  { key: 'translation', label: 'Translation' },
  { key: 'tone', label: 'Tone', wideOnly: true },
  { key: 'usage', label: 'Usage', numeric: true, wideOnly: true },
  { key: 'examples', label: 'Examples', numeric: true, wideOnly: true },
  { key: 'created', label: 'Created', wideOnly: true },
]

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function IdiomTable({ rows }: { rows: IdiomRow[] }) {
  const [filter, setFilter] = useState<IdiomFilter>({ tone: '', usage: '', text: '' })
  const [sort, setSort] = useState<IdiomSort>({ key: 'created', direction: 'desc' })
  const [page, setPage] = useState(1)
  // Typing stays responsive: the 10,000-row filter runs on the deferred text.
  const deferredText = useDeferredValue(filter.text)

  const indexed = useMemo(() => indexIdioms(rows), [rows])
  const sorted = useMemo(() => sortIdioms(indexed, sort), [indexed, sort])
  const visible = useMemo(
    () => filterIdioms(sorted, { tone: filter.tone, usage: filter.usage, text: deferredText }),
    [sorted, filter.tone, filter.usage, deferredText],
  )
  const pages = pageCount(visible.length)
  const current = Math.min(page, pages)
  const shown = pageOf(visible, current)

  const update = (next: Partial<IdiomFilter>) => {
    setFilter((f) => ({ ...f, ...next }))
    setPage(1)
  }

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Text or translation"
          value={filter.text}
          onChange={(e) => update({ text: e.currentTarget.value })}
          style={{ flex: '1 1 220px' }}
          type="search"
        />
        <ToneUsageSelects
          value={{ tone: filter.tone, usage: filter.usage }}
          onChange={(next) => update(next)}
        />
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {visible.length === rows.length
          ? `${rows.length} idioms`
          : `${visible.length} of ${rows.length} idioms match`}
      </Text>
      {visible.length === 0 ? (
        <Text py="md">
          {rows.length === 0
            ? 'No idioms yet. Create one or import a CSV file.'
            : 'No idioms match these filters.'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={LISTING_MAX_HEIGHT_PX} type="auto" offsetScrollbars>
          <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Idioms">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th
                    key={c.key}
                    aria-sort={
                      sort.key === c.key
                        ? sort.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : 'none'
                    }
                    style={c.numeric ? { textAlign: 'right' } : undefined}
                    visibleFrom={c.wideOnly ? 'sm' : undefined}
                  >
                    <UnstyledButton
                      onClick={() => {
                        setSort((s) => nextSort(s, c.key))
                        setPage(1)
                      }}
                      fw={600}
                      fz="sm"
                    >
                      {c.label}
                      <span aria-hidden="true">
                        {sort.key === c.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
                      </span>
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.idiomId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/idioms/${r.idiomId}`} fw={500}>
                      {r.text}
                    </Anchor>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {r.tone} · usage {r.usage}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.translation}</Table.Td>
                  {/* Room for the longest tone name: a badge would rather cut its label than widen the column. */}
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }} visibleFrom="sm">
                    <Badge variant="light" color="gray">
                      {r.tone}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} visibleFrom="sm">
                    {r.usage}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} visibleFrom="sm">
                    {r.exampleCount}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }} visibleFrom="sm">
                    {dateFormat.format(new Date(r.createdAt))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Rows {(current - 1) * PAGE_SIZE + 1}–{Math.min(current * PAGE_SIZE, visible.length)}
          </Text>
          <PagePagination total={pages} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  )
}
