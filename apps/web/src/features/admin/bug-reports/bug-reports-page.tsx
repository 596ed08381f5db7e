import {
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { isProblemType, PROBLEM_TYPES } from '@che/core'
import type { BugReport, ProblemType } from '@che/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { QueryState } from '../../../components/query-state'
import { PlainList } from '../../../components/plain-list'
import { useCloseBugReport } from './api/close-bug-report'
import { BUG_REPORTS_FALLBACK_ERROR, useBugReports } from './api/get-bug-reports'
import type { BugReportFilter } from './api/get-bug-reports'
import { useExample } from './api/get-example'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** /admin/bugreports: the bug reports learners filed, newest first, filtered by status and type. */
export function BugReportsPage() {
  const [filter, setFilter] = useState<BugReportFilter>({ status: 'open', type: '' })
  const reports = useBugReports(filter)
  return (
    <Stack gap="md">
      <Title order={1}>Bug reports</Title>
      <Group gap="md" align="flex-end">
        <Stack gap={4}>
          <Input.Label id="bug-status-label">Status</Input.Label>
          <SegmentedControl
            aria-labelledby="bug-status-label"
            value={filter.status}
            onChange={(status) =>
              setFilter((f) => ({ ...f, status: status as BugReportFilter['status'] }))
            }
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Stack>
        <Select
          label="Problem type"
          placeholder="All types"
          clearable
          data={[...PROBLEM_TYPES]}
          value={filter.type || null}
          onChange={(type) =>
            setFilter((f) => ({ ...f, type: (type as ProblemType | null) ?? '' }))
          }
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      <QueryState query={reports} errorFallback={BUG_REPORTS_FALLBACK_ERROR}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">No bug reports match these filters.</Text>
          ) : (
            <PlainList label="Bug reports">
              {rows.map((r) => (
                <BugReportItem key={r.id} report={r} />
              ))}
            </PlainList>
          )
        }
      </QueryState>
    </Stack>
  )
}

function ExampleLink({ id }: { id: string }) {
  const example = useExample(id)
  if (example.isSuccess) {
    return (
      <Anchor component={Link} to={`/admin/idioms/${example.data.idiomId}`} size="sm">
        {example.data.text}
      </Anchor>
    )
  }
  return (
    <Text span size="sm" c="dimmed">
      {example.isError ? `${id} (not found)` : id}
    </Text>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}:
      </Text>
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
    </Group>
  )
}

function BugReportItem({ report }: { report: BugReport }) {
  const close = useCloseBugReport()
  const open = report.status === 'open'
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={report.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {report.title}
            </Title>
            <Group gap={6}>
              <Badge color={open ? 'green' : 'gray'} variant="filled" size="sm">
                {open ? 'Open' : 'Closed'}
              </Badge>
              {report.fromVisitor ? (
                <Badge color="grape" variant="outline" size="sm" tt="none">
                  From a visitor
                </Badge>
              ) : null}
              {report.labels.map((label) => (
                <Badge
                  key={label}
                  variant="light"
                  color={isProblemType(label) ? 'orange' : 'blue'}
                  size="sm"
                  tt="none"
                >
                  {label}
                </Badge>
              ))}
            </Group>
          </Stack>
          {open ? (
            <Button
              size="xs"
              variant="light"
              color="gray"
              onClick={() => close.mutate(report.id)}
              loading={close.isPending}
              aria-label={`Close ${report.title}`}
              style={{ flexShrink: 0 }}
            >
              Close
            </Button>
          ) : null}
        </Group>
        <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {report.body}
          </Text>
        </Spoiler>
        <Stack gap={2}>
          <Field label="Filed">
            <Text size="sm">
              {dateFormat.format(new Date(report.createdAt))}
              {report.closedAt ? ` · closed ${dateFormat.format(new Date(report.closedAt))}` : ''}
            </Text>
          </Field>
          <Field label="Reporter">
            <Text size="sm">
              {report.reporter ? (
                <>
                  {report.reporter.name}{' '}
                  <Anchor href={`mailto:${report.reporter.email}`} size="sm">
                    {report.reporter.email}
                  </Anchor>
                </>
              ) : report.fromVisitor ? (
                report.contactEmail ? (
                  <>
                    A visitor without an account, contact{' '}
                    <Anchor href={`mailto:${report.contactEmail}`} size="sm">
                      {report.contactEmail}
                    </Anchor>
                  </>
                ) : (
                  'A visitor without an account (no contact address)'
                )
              ) : (
                'Deleted user'
              )}
            </Text>
          </Field>
          {report.exampleId ? (
            <Field label="Example">
              <ExampleLink id={report.exampleId} />
            </Field>
          ) : null}
          <Field label="User agent">
            <Text size="xs" c="dimmed" ff="monospace">
              {report.userAgent || '—'}
            </Text>
          </Field>
          {report.githubUrl ? (
            <Field label="GitHub">
              <Anchor href={report.githubUrl} target="_blank" rel="noreferrer" size="sm">
                {report.githubUrl.replace(/^https:\/\/github\.com\//, '')}
              </Anchor>
            </Field>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  )
}
