import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { REPORT_STATE_NOT_YET, TONE_DESCRIPTIONS, USAGE_BAND_RANGES } from '@che/core'
import type { api, Preferences } from '@che/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDue } from '../../lib/format-due'
import { QueryState } from '../../components/query-state'
import { useProfile } from '../../lib/auth/profile'
import type { ResponseOf } from '../../lib/api-client'
import { STATS_FALLBACK_ERROR, useStats } from '../../lib/queries/stats'

type Stats = ResponseOf<typeof api.exercisesStats>

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function PreferencesPanel({ preferences }: { preferences: Preferences | undefined }) {
  const usage = preferences?.filter.usage || ''
  const tone = preferences?.filter.tone || ''
  return (
    <Panel title="Preferences">
      {!usage && !tone ? (
        <Text>You are seeing all the idioms in the system.</Text>
      ) : (
        <Stack gap={4}>
          <Text>
            Usage:{' '}
            <Text span fw={600}>
              {usage
                ? `${USAGE_BAND_RANGES[usage].label} (${USAGE_BAND_RANGES[usage].min}–${USAGE_BAND_RANGES[usage].max})`
                : 'All'}
            </Text>
          </Text>
          <Text>
            Tone:{' '}
            <Text span fw={600}>
              {tone || 'All'}
            </Text>
          </Text>
          {tone ? (
            <Text size="sm" c="dimmed">
              {TONE_DESCRIPTIONS[tone]}
            </Text>
          ) : null}
        </Stack>
      )}
      <Anchor component={Link} to="/app/preferences">
        Change preferences
      </Anchor>
    </Panel>
  )
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text fw={600} ta="right">
        {value}
      </Text>
    </Group>
  )
}

function CalendarPanel({ stats }: { stats: Stats }) {
  return (
    <Panel title="Calendar">
      {stats.numSeen === 0 ? (
        <Text>Your calendar is empty.</Text>
      ) : (
        <Stack gap={4}>
          <Figure label="Past due" value={stats.numPastDue} />
          <Figure label="Total seen" value={stats.numSeen} />
          <Figure label="Score" value={`${stats.score}%`} />
          <Figure label="Next due" value={stats.nextDueDate ? formatDue(stats.nextDueDate) : '—'} />
        </Stack>
      )}
      {stats.isNewAllowed ? (
        <Group>
          <Badge color="grape" variant="light">
            New idioms available
          </Badge>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No new idioms for today.
        </Text>
      )}
      {stats.numSeen > 0 ? (
        <Anchor component={Link} to="/app/calendar">
          Open the calendar
        </Anchor>
      ) : null}
    </Panel>
  )
}

function PlayroomPanel({ stats }: { stats: Stats }) {
  let body: ReactNode
  if (stats.numSandboxes > 0 && stats.upToDate)
    body = (
      <Button component={Link} to="/app/sandbox" variant="light" color="orange">
        Practise in the Playroom
      </Button>
    )
  else if (stats.numSandboxes > 0) body = <Text>Unlock the Playroom by clearing your calendar</Text>
  else body = <Text>Your playroom is empty.</Text>
  return (
    <Panel title="Playroom">
      {body}
      <Text size="sm" c="dimmed">
        Words missed: {stats.unique} ({stats.missed} {stats.missed === 1 ? 'time' : 'times'})
      </Text>
    </Panel>
  )
}

function ReportsPanel({ stats }: { stats: Stats }) {
  return (
    <Panel title="Reports">
      {stats.reportState === REPORT_STATE_NOT_YET ? (
        <Text c="dimmed">
          Reports are not available yet. Keep practising and a progress report will unlock.
        </Text>
      ) : (
        <Anchor component={Link} to="/app/reports">
          See your progress reports
        </Anchor>
      )}
    </Panel>
  )
}

function NextExercise({ stats }: { stats: Stats }) {
  if (stats.enableGetNext)
    return (
      <Button component={Link} to="/app/exercise" size="md">
        Start Exercise
      </Button>
    )
  if (stats.nextDueDate)
    return <Text fw={500}>Next exercise due {formatDue(stats.nextDueDate)}</Text>
  return <Text fw={500}>No exercises are scheduled right now.</Text>
}

export function DashboardPage() {
  const profile = useProfile()
  const stats = useStats()
  const name = profile.data?.name.trim() || 'there'
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <Title order={2} fz="h3" fw={500}>
        Welcome, {name}!
      </Title>
      <QueryState
        query={stats}
        errorFallback={STATS_FALLBACK_ERROR}
        offlineNeeds="Your calendar’s figures need"
      >
        {(data) => (
          <Stack gap="lg">
            <Group>
              <NextExercise stats={data} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <PreferencesPanel preferences={profile.data?.preferences} />
              <CalendarPanel stats={data} />
              <PlayroomPanel stats={data} />
              <ReportsPanel stats={data} />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  )
}
