import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { USAGE_BAND_RANGES } from '@che/core'
import type { ReportFacts } from '@che/core'
import type { ReactNode } from 'react'
import { formatWeek, MISTAKE_LABELS, PART_OF_DAY_LABELS } from './report-format'

const CHART_HEIGHT = 240
// Series order, not alphabetical (recharts 3 sorts legend items by name unless told otherwise).
const LEGEND = { verticalAlign: 'bottom' as const, height: 40, itemSorter: null }
// Rounded shares can add up to 101: the axis stays at 0–100 rather than growing a "101%" tick.
const PERCENT_AXIS = {
  domain: [0, 100],
  ticks: [0, 25, 50, 75, 100],
  allowDataOverflow: true,
  width: 48,
}
const GRADE_SERIES = [
  { name: 'perfect', label: 'Perfect', color: 'teal.6' },
  { name: 'minor', label: 'Minor errors', color: 'yellow.5' },
  { name: 'major', label: 'Major errors', color: 'red.6' },
]

/** One chart with its title and a one-line reading; a figure so it can be found by its name. */
function Chart({
  title,
  caption,
  empty,
  children,
}: {
  title: string
  caption?: ReactNode
  /** Said instead of the chart when there is nothing to draw (false: draw it). */
  empty?: string | false
  children: ReactNode
}) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" aria-label={title} m={0}>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {title}
        </Title>
        {caption ? (
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        ) : null}
        {empty ? <Text size="sm">{empty}</Text> : children}
      </Stack>
    </Paper>
  )
}

function AccuracyTrend({ facts }: { facts: ReportFacts }) {
  const data = facts.accuracyTrend.map((w) => ({ ...w, label: formatWeek(w.week) }))
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'label',
    series: GRADE_SERIES,
    type: 'stacked' as const,
    unit: '%',
    withLegend: true,
    legendProps: LEGEND,
    yAxisProps: PERCENT_AXIS,
    tickLine: 'none' as const,
  }
  return (
    <Chart
      title="Accuracy over the weeks"
      caption="Share of your reviews each week, by their worse field."
      empty={data.length === 0 && 'No weeks to show yet.'}
    >
      {data.length === 1 ? (
        // An area needs two weeks to draw; one week reads better as a bar.
        <BarChart {...common} maxBarWidth={64} />
      ) : (
        <AreaChart {...common} curveType="monotone" withDots />
      )}
    </Chart>
  )
}

/** Share of perfect reviews per group, one labelled bar each (by tone, by usage band). */
function PerfectRateBars({
  data,
  color,
}: {
  data: { label: string; perfectRate: number }[]
  color: string
}) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={data}
      dataKey="label"
      series={[{ name: 'perfectRate', label: 'Perfect', color }]}
      unit="%"
      withLegend
      legendProps={LEGEND}
      yAxisProps={PERCENT_AXIS}
      tickLine="none"
      maxBarWidth={56}
    />
  )
}

function ByTone({ facts }: { facts: ReportFacts }) {
  const data = facts.byTone.map((t) => ({ ...t, label: `${t.tone} (${t.reviews})` }))
  return (
    <Chart
      title="Perfect answers by tone"
      caption="Share of reviews with both fields perfect; in brackets, how many reviews."
      empty={data.length === 0 && 'No tones to compare yet.'}
    >
      <PerfectRateBars data={data} color="blue.6" />
    </Chart>
  )
}

function ByBand({ facts }: { facts: ReportFacts }) {
  const data = facts.byBand.map((b) => ({
    ...b,
    label: `${USAGE_BAND_RANGES[b.band].label} (${b.reviews})`,
  }))
  if (data.length < 2) return null
  return (
    <Chart title="Perfect answers by how common the idiom is">
      <PerfectRateBars data={data} color="grape.6" />
    </Chart>
  )
}

function ByMistakeType({ facts }: { facts: ReportFacts }) {
  const data = facts.byMistakeType.map((m) => ({ ...m, label: MISTAKE_LABELS[m.mistakeType] }))
  return (
    <Chart
      title="Your most common mistakes"
      caption="How many reviews had each kind of mistake."
      empty={data.length === 0 && 'No mistakes to chart: every review was perfect.'}
    >
      <BarChart
        h={Math.max(140, 44 * data.length + 60)}
        data={data}
        dataKey="label"
        orientation="vertical"
        series={[{ name: 'count', label: 'Reviews', color: 'orange.6' }]}
        withLegend
        legendProps={LEGEND}
        yAxisProps={{ width: 110 }}
        xAxisProps={{ allowDecimals: false }}
        tickLine="none"
        gridAxis="x"
        maxBarWidth={28}
      />
    </Chart>
  )
}

function TimeOfDay({ facts }: { facts: ReportFacts }) {
  const data = facts.timeOfDay.map((p) => ({ ...p, label: PART_OF_DAY_LABELS[p.part] }))
  if (!data.some((p) => p.reviews > 0)) return null
  return (
    <Chart
      title="When you practise"
      caption="Reviews per part of the day, and how many were perfect."
    >
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        series={[
          { name: 'reviews', label: 'Reviews', color: 'indigo.4' },
          { name: 'perfect', label: 'Perfect', color: 'teal.6' },
        ]}
        withLegend
        legendProps={LEGEND}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        tickLine="none"
        maxBarWidth={32}
      />
    </Chart>
  )
}

/** The charts of a report, drawn from its facts (lazy-loaded: recharts is large). */
export default function ReportCharts({ facts }: { facts: ReportFacts }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <AccuracyTrend facts={facts} />
      <ByTone facts={facts} />
      <ByMistakeType facts={facts} />
      <TimeOfDay facts={facts} />
      <ByBand facts={facts} />
    </SimpleGrid>
  )
}
