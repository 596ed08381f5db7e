import {
  Badge,
  Box,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import { LISTING_MAX_HEIGHT_PX, TONES, USAGE_BANDS, USAGE_BAND_RANGES } from '@che/core'
import type { api } from '@che/core'
import { useMemo, useState } from 'react'
import { ConfidenceDots } from '../../components/confidence-dots'
import { Link } from 'react-router'
import { Anchor } from '@mantine/core'
import { formatDue, formatDueDay, localDaysFrom } from '../../lib/format-due'
import { QueryState } from '../../components/query-state'
import type { ResponseOf } from '../../lib/api-client'
import { CALENDAR_FALLBACK_ERROR, useCalendar } from './api/get-calendar'
import { CalendarIcon } from './calendar-icon'

type CalendarItem = ResponseOf<typeof api.exercisesCalendar>[number]

const ALL = ''
const TONE_OPTIONS = [
  { value: ALL, label: 'All tones' },
  ...TONES.map((t) => ({ value: t, label: t })),
]
const USAGE_OPTIONS = [
  { value: ALL, label: 'All usage' },
  ...USAGE_BANDS.map((band) => ({
    value: USAGE_BAND_RANGES[band].label,
    label: USAGE_BAND_RANGES[band].label,
  })),
]
/** Most common first, the order of the usage bands. */
const LABEL_ORDER = USAGE_BANDS.map((band) => USAGE_BAND_RANGES[band].label)

function CalendarCard({ item }: { item: CalendarItem }) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      data-testid="calendar-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <CalendarIcon name={item.range.icon} label={item.range.label} />
            <Text
              fw={600}
              lang="es"
              data-testid="calendar-label"
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.idiom}
            </Text>
          </Group>
          <ConfidenceDots confidence={item.confidence} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color="gray">
              {item.tone}
            </Badge>
            <Text size="xs" c="dimmed">
              {item.range.label}
            </Text>
          </Group>
          <Text size="sm">Due {formatDue(item.dueDate)}</Text>
        </Group>
      </Stack>
    </Paper>
  )
}

function CardGrid({ items }: { items: CalendarItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" component="ul" p={0} m={0}>
      {items.map((item) => (
        <CalendarCard key={item.progressId} item={item} />
      ))}
    </SimpleGrid>
  )
}

/**
 * The items by the local day they come back, soonest first: everything due by the learner's next
 * midnight (overdue included) under 'Today', then one group per day ('Tomorrow (Wed, Nov 25)').
 */
export function byDueDay(
  items: CalendarItem[],
  now: Date = new Date(),
): { key: number; label: string; items: CalendarItem[] }[] {
  const sorted = [...items].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate))
  const groups: { key: number; label: string; items: CalendarItem[] }[] = []
  for (const item of sorted) {
    const key = Math.max(0, localDaysFrom(new Date(item.dueDate), now))
    const last = groups.at(-1)
    if (last?.key === key) last.items.push(item)
    else groups.push({ key, label: formatDueDay(item.dueDate, now), items: [item] })
  }
  return groups
}

function DayGroups({ items }: { items: CalendarItem[] }) {
  return (
    <Stack gap="md">
      {byDueDay(items).map((group) => (
        <Stack
          gap="xs"
          key={group.key}
          component="section"
          aria-label={group.label}
          data-testid="calendar-day"
        >
          <Title order={2} fz="h5">
            {group.label}{' '}
            <Text span c="dimmed" fz="sm" fw={500}>
              · {group.items.length === 1 ? '1 item' : `${group.items.length} items`}
            </Text>
          </Title>
          <CardGrid items={group.items} />
        </Stack>
      ))}
    </Stack>
  )
}

function CalendarList({ items }: { items: CalendarItem[] }) {
  const [tone, setTone] = useState<string>(ALL)
  const [usage, setUsage] = useState<string>(ALL)
  const [grouped, setGrouped] = useState(false)
  const labels = useMemo(() => new Set(items.map((i) => i.range.label)), [items])
  const canGroup = labels.size > 1
  const shown = items.filter(
    (i) => (!tone || i.tone === tone) && (!usage || i.range.label === usage),
  )

  if (items.length === 0)
    return (
      <Stack gap="xs">
        <Text>No exercises due at this time.</Text>
        <Text size="sm" c="dimmed">
          Each sentence you practise appears here under the day it comes back.{' '}
          {/* Underlined: in dimmed text the link's blue alone is too close to it (axe link-in-text-block). */}
          <Anchor component={Link} to="/app/exercise" underline="always">
            Start an exercise
          </Anchor>
        </Text>
      </Stack>
    )

  const groups = LABEL_ORDER.concat([...labels].filter((l) => !LABEL_ORDER.includes(l)))
    .map((label) => ({ label, items: shown.filter((i) => i.range.label === label) }))
    .filter((g) => g.items.length > 0)

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Tone"
          data={TONE_OPTIONS}
          value={tone}
          onChange={(v) => setTone(v ?? ALL)}
          allowDeselect={false}
          w={180}
        />
        <Select
          label="Usage"
          data={USAGE_OPTIONS}
          value={usage}
          onChange={(v) => setUsage(v ?? ALL)}
          allowDeselect={false}
          w={180}
        />
        {canGroup ? (
          <Switch
            label="Group by usage"
            checked={grouped}
            onChange={(e) => setGrouped(e.currentTarget.checked)}
            pb={8}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {shown.length} of {items.length} {items.length === 1 ? 'item' : 'items'}
      </Text>
      <Box
        style={{ maxHeight: LISTING_MAX_HEIGHT_PX, overflowY: 'auto' }}
        data-testid="calendar-listing"
        tabIndex={0}
        aria-label="Calendar items"
      >
        {shown.length === 0 ? (
          <Text>No items found matching the current filters</Text>
        ) : grouped && canGroup ? (
          <Stack gap="md">
            {groups.map((group) => (
              <Stack gap="xs" key={group.label} component="section" aria-label={group.label}>
                <Title order={2} fz="h5">
                  {group.label} ({group.items.length})
                </Title>
                <CardGrid items={group.items} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <DayGroups items={shown} />
        )}
      </Box>
    </Stack>
  )
}

export function CalendarPage() {
  const calendar = useCalendar()
  return (
    <Stack gap="lg">
      <Title order={1}>Calendar</Title>
      <QueryState
        query={calendar}
        errorFallback={CALENDAR_FALLBACK_ERROR}
        offlineNeeds="The calendar needs"
      >
        {(items) => <CalendarList items={items} />}
      </QueryState>
    </Stack>
  )
}
