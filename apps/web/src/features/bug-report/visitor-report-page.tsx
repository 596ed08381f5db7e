import { Anchor, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import {
  VISITOR_PROBLEM_TYPES,
  VISITOR_REPORT_DESCRIPTION_MAX,
  VisitorBugReportInput,
} from '@che/core'
import type { VisitorProblemType } from '@che/core'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Banner } from '../../components/banner'
import { useAuth } from '../../lib/auth/auth-context'
import { contractResolver } from '../../lib/form'
import { REPORT_PROBLEM_FALLBACK_ERROR, useReportBugAsVisitor } from './api/report-bug-as-visitor'
import {
  DescriptionField,
  isBlankReport,
  ProblemTypeField,
  ReportSent,
  SendReport,
} from './report-form-parts'
import { DESCRIPTION_HINT } from './texts'

export const VISITOR_REPORT_PATH = '/report-a-problem'
export const CONTACT_HINT =
  'Optional. Only the team sees it, to ask you for details or tell you when it is fixed.'

interface Values {
  problemType: VisitorProblemType | null
  title: string
  description: string
  contactEmail: string
  /** Honeypot: hidden from people, so only a bot fills it in. */
  website: string
}

/**
 * /report-a-problem: a bug report for someone who is not signed in, above all someone who cannot
 * sign in (issue 16.11). `?problem=sign-in` preselects "Can't log in".
 */
export function VisitorReportPage() {
  const auth = useAuth()
  const [round, setRound] = useState(0)
  return (
    <Stack gap="md" maw={720} mx="auto" py={{ base: 'xs', sm: 'md' }}>
      <Title order={1}>Report a problem</Title>
      <Text>
        Cannot sign in, or something else is wrong? Tell us here, no account needed. The{' '}
        <Anchor component={Link} to="/chat" underline="always">
          help chat
        </Anchor>{' '}
        may already have the answer.
      </Text>
      {auth.authenticated ? (
        <Banner
          type="info"
          message={
            <>
              You are signed in:{' '}
              <Anchor component={Link} to="/app/bugreport" inherit c="inherit" underline="always">
                Report Bugs
              </Anchor>{' '}
              files the report under your account and can attach an exercise.
            </>
          }
        />
      ) : null}
      <VisitorReportForm key={round} onAnother={() => setRound((r) => r + 1)} />
    </Stack>
  )
}

function VisitorReportForm({ onAnother }: { onAnother: () => void }) {
  const [params] = useSearchParams()
  const send = useReportBugAsVisitor()
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      problemType: params.get('problem') === 'sign-in' ? "Can't log in" : null,
      title: '',
      description: '',
      contactEmail: '',
      website: '',
    },
    validate: contractResolver(VisitorBugReportInput),
    validateInputOnBlur: ['contactEmail', 'title', 'description'],
  })

  if (send.isSuccess) return <Sent email={form.values.contactEmail.trim()} onAnother={onAnother} />

  const blank = isBlankReport(form.values)
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (send.isPending || !values.problemType) return
        const email = values.contactEmail.trim()
        send.mutate({
          problemType: values.problemType,
          title: values.title.trim(),
          description: values.description.trim(),
          ...(email ? { contactEmail: email } : {}),
          ...(values.website ? { website: values.website } : {}),
        })
      })}
    >
      <Stack gap="md">
        <ProblemTypeField
          data={[...VISITOR_PROBLEM_TYPES]}
          {...form.getInputProps('problemType')}
        />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <DescriptionField
          description={`${DESCRIPTION_HINT} Say what you tried and what you saw. ${form.values.description.trim().length} / ${VISITOR_REPORT_DESCRIPTION_MAX} characters.`}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="Your e-mail address"
          description={CONTACT_HINT}
          type="email"
          autoComplete="email"
          {...form.getInputProps('contactEmail')}
        />
        {/* Honeypot: off screen and out of the tab order; people never see it, bots fill it in. */}
        <Box
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: '-10000px',
            width: 1,
            height: 1,
            overflow: 'hidden',
          }}
        >
          <label>
            Website
            <input
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...form.getInputProps('website')}
            />
          </label>
        </Box>
        <SendReport send={send} fallback={REPORT_PROBLEM_FALLBACK_ERROR} blank={blank} />
      </Stack>
    </form>
  )
}

function Sent({ email, onAnother }: { email: string; onAnother: () => void }) {
  return (
    <ReportSent
      onAnother={onAnother}
      actions={
        <Button component={Link} to="/">
          Back to the start page
        </Button>
      }
    >
      <Text c="dimmed">
        {email
          ? `The team will look at it soon and may write to ${email}.`
          : 'The team will look at it soon.'}
      </Text>
    </ReportSent>
  )
}
