import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { REPORT_STATE_NEW_AVAILABLE } from '@che/core'
import type { api } from '@che/core'
import { lazy, Suspense, useState } from 'react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Banner } from '../../components/banner'
import { Loading } from '../../components/loading'
import { QueryState } from '../../components/query-state'
import { errorMessage } from '../../lib/api-client'
import type { ResponseOf } from '../../lib/api-client'
import { GENERATE_FALLBACK_ERROR, useGenerateReport } from './api/generate-report'
import { REPORTS_FALLBACK_ERROR, useReports } from './api/get-reports'
import { formatGenerated } from './report-format'

type ReportSet = ResponseOf<typeof api.reportsList>
type Report = ResponseOf<typeof api.reportGet>

// recharts is most of a report's weight: only learners who open a report download it.
const ReportCharts = lazy(() => import('./report-charts'))

export const GENERATING_MESSAGE = 'Generating reports - this might take a moment.'

/** /app/reports: the learner's progress reports, a picker between them, and a new one on demand. */
export function ReportsPage() {
  const reports = useReports()
  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>
      <QueryState query={reports} errorFallback={REPORTS_FALLBACK_ERROR}>
        {(set) => <Reports set={set} />}
      </QueryState>
    </Stack>
  )
}

const newestFirst = (reports: Report[]) =>
  [...reports].sort((a, b) => b.generated.localeCompare(a.generated))

function Reports({ set }: { set: ReportSet }) {
  const generate = useGenerateReport()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [upToDate, setUpToDate] = useState(false)
  const reports = newestFirst(set.reports)
  const selected = reports.find((r) => r.reportId === selectedId) ?? reports[0]
  const canGenerate = set.state === REPORT_STATE_NEW_AVAILABLE

  const onGenerate = () => {
    const before = new Set(reports.map((r) => r.reportId))
    setUpToDate(false)
    generate.mutate(undefined, {
      onSuccess: (next) => {
        const fresh = newestFirst(next.reports).find((r) => !before.has(r.reportId))
        if (fresh) setSelectedId(fresh.reportId)
        // The server makes one report per review count: no new reviews, no new report.
        else if (next.state === REPORT_STATE_NEW_AVAILABLE) setUpToDate(true)
      },
    })
  }

  return (
    <Stack gap="lg">
      {!canGenerate ? <NotYet hasReports={reports.length > 0} /> : null}
      {canGenerate || reports.length > 0 ? (
        <Group justify="space-between" align="flex-end" gap="md">
          {reports.length > 1 ? (
            <Select
              label="Report generated on"
              data={reports.map((r) => ({
                value: r.reportId,
                label: `${formatGenerated(r.generated)} · ${r.reviewCount} reviews`,
              }))}
              value={selected?.reportId ?? null}
              onChange={(id) => id && setSelectedId(id)}
              allowDeselect={false}
              w={{ base: '100%', xs: 340 }}
              comboboxProps={{ withinPortal: true }}
            />
          ) : selected ? (
            <Text c="dimmed">Generated {formatGenerated(selected.generated)}</Text>
          ) : (
            <Text>
              You have no report yet. Generate your first one to see how your listening is going.
            </Text>
          )}
          <Button
            onClick={onGenerate}
            disabled={!canGenerate || generate.isPending}
            loading={generate.isPending}
          >
            Generate a new report
          </Button>
        </Group>
      ) : null}
      {generate.isPending ? <Loading message={GENERATING_MESSAGE} /> : null}
      <Banner
        type="error"
        message={generate.isError ? errorMessage(generate.error, GENERATE_FALLBACK_ERROR) : null}
      />
      <Banner
        type="info"
        message={
          upToDate
            ? 'Your latest report is up to date: do a few more exercises and then generate a new one.'
            : null
        }
        onClose={() => setUpToDate(false)}
      />
      {selected ? <ReportView key={selected.reportId} report={selected} /> : null}
    </Stack>
  )
}

/** State 4 (spec §9): reports are not available yet. */
function NotYet({ hasReports }: { hasReports: boolean }) {
  return (
    <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-blue-light)">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {hasReports
            ? 'New reports are not available right now'
            : 'Your first report is on its way'}
        </Title>
        <Text>
          Reports need a few more reviews before they can say something useful about your listening.
          Keep practising: every exercise you finish counts, and once you have done enough, you can
          generate a report here.
        </Text>
        <Group>
          <Button component={Link} to="/app/exercise">
            Practise now
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="h2" fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  )
}

function ReportView({ report }: { report: Report }) {
  const { facts } = report
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`
  return (
    <Stack gap="lg" component="article" aria-label="Selected report">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Reviews" value={report.reviewCount} />
        <Figure
          label="Perfect"
          value={`${facts.overall.perfectRate}%`}
          hint="both fields perfect"
        />
        <Figure label="Streak" value={days(facts.streak.current)} hint="days in a row, now" />
        <Figure label="Longest streak" value={days(facts.streak.longest)} />
      </SimpleGrid>

      <ReportSection id="insights" title="Insights">
        {report.insights.length === 0 ? <Text c="dimmed">No insights in this report.</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {report.insights.map((insight, i) => (
            <Paper key={i} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Title order={3} fz="h4">
                  {insight.pattern}
                </Title>
                <Text>{insight.description}</Text>
                <Text size="sm">
                  <Text span fw={700} c="teal.8">
                    Try this:{' '}
                  </Text>
                  {insight.suggestion}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </ReportSection>

      <ReportSection id="charts" title="Your progress in charts">
        <Suspense fallback={<Loading />}>
          <ReportCharts facts={facts} />
        </Suspense>
      </ReportSection>

      <ReportSection id="missed" title="Words you miss most">
        {facts.topMissedWords.length === 0 ? (
          <Text c="dimmed">No missed words: well done.</Text>
        ) : (
          <Group gap="xs" aria-label="Top missed words">
            {facts.topMissedWords.map((w) => (
              <Badge
                key={w.word}
                size="lg"
                radius="xl"
                variant="light"
                color="orange"
                tt="none"
                rightSection={
                  <Text span size="xs" c="dimmed">
                    ×{w.count}
                  </Text>
                }
              >
                {w.word}
              </Badge>
            ))}
          </Group>
        )}
        {facts.topMissedIdioms.length > 0 ? (
          <>
            <Title order={3} fz="h5" mt="xs">
              Idioms to revisit
            </Title>
            <List spacing={4}>
              {facts.topMissedIdioms.map((idiom) => (
                <List.Item key={idiom.idiom}>
                  <Text span fw={600}>
                    {idiom.idiom}
                  </Text>{' '}
                  <Text span c="dimmed" size="sm">
                    missed {idiom.missed} of {idiom.reviews}{' '}
                    {idiom.reviews === 1 ? 'review' : 'reviews'}
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </ReportSection>

      <ReportSection id="tips" title="Strategy tips">
        {report.strategyTips.length === 0 ? (
          <Text c="dimmed">No tips in this report.</Text>
        ) : (
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden="true">
                ✓
              </ThemeIcon>
            }
          >
            {report.strategyTips.map((tip, i) => (
              <List.Item key={i}>{tip}</List.Item>
            ))}
          </List>
        )}
      </ReportSection>
    </Stack>
  )
}

/** A titled part of the report page (an h2 that names the section for screen readers). */
function ReportSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} fz="h3" id={`${id}-heading`}>
        {title}
      </Title>
      {children}
    </Stack>
  )
}
