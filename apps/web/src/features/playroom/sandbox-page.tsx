import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { DEFAULT_SANDBOX_IMAGE } from '@che/core'
import { useState } from 'react'
import { Link } from 'react-router'
import type { ComponentType } from 'react'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { QueryState } from '../../components/query-state'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useProfile } from '../../lib/auth/profile'
import type { ExerciseFlowProps } from '../../types/exercise'
import { useEvaluateSandbox } from './api/evaluate-sandbox'
import { STATS_FALLBACK_ERROR, useStats } from '../../lib/queries/stats'
import { SANDBOX_FALLBACK_ERROR, useSandboxNext } from './api/get-sandbox-next'
import { Candle } from './candle'

export const PLAYROOM_LOCKED = 'Unlock the Playroom by clearing your calendar'
export const PLAYROOM_EMPTY = 'Your playroom is empty.'

/** Start, or why there is nothing to start: no Start button when there is nothing to practise. */
function StartOrReason({ onStart }: { onStart: () => void }) {
  const stats = useStats()
  return (
    <QueryState query={stats} errorFallback={STATS_FALLBACK_ERROR}>
      {(data) => {
        // Why there is nothing to start, and what to do about it.
        if (data.numSandboxes === 0)
          return (
            <Stack gap={4}>
              <Text fw={500} data-testid="playroom-reason">
                {PLAYROOM_EMPTY}
              </Text>
              <Text size="sm">
                Words you miss in your exercises are kept here to practise.{' '}
                <Anchor component={Link} to="/app/exercise">
                  Go to the exercises
                </Anchor>
              </Text>
            </Stack>
          )
        if (!data.upToDate)
          return (
            <Stack gap={4}>
              <Text fw={500} data-testid="playroom-reason">
                {PLAYROOM_LOCKED}
              </Text>
              <Text size="sm">
                {data.numPastDue === 1
                  ? '1 exercise is due.'
                  : `${data.numPastDue} exercises are due.`}{' '}
                <Anchor component={Link} to="/app/exercise">
                  Do the due exercises
                </Anchor>
              </Text>
            </Stack>
          )
        return (
          <Group>
            <Button onClick={onStart} autoFocus color="orange">
              Start
            </Button>
          </Group>
        )
      }}
    </QueryState>
  )
}

const IMAGES: Record<string, () => React.JSX.Element> = { candle: () => <Candle /> }

function Intro({ onStart }: { onStart: () => void }) {
  const Image = IMAGES[DEFAULT_SANDBOX_IMAGE] ?? IMAGES.candle!
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Group align="center" gap="xl" wrap="wrap">
        <Image />
        <Stack gap="sm" style={{ flex: '1 1 260px' }}>
          <Text>
            The Playroom is where you practise the words you misheard in your exercises. Each drill
            is a sentence with some of those words, in the same steps as an exercise: listen, type,
            see the feedback.
          </Text>
          <Text c="dimmed">
            Nothing here is scored and your calendar does not change. Play as long as you like.
          </Text>
          <StartOrReason onStart={onStart} />
        </Stack>
      </Group>
    </Paper>
  )
}

/** The component that runs one drill through the exercise phases; the route supplies it. */
export type DrillFlow = ComponentType<ExerciseFlowProps>

function Drill({ Flow }: { Flow: DrillFlow }) {
  const profile = useProfile()
  const [round, setRound] = useState(0)
  // The sentence just drilled: its answer was shown, so the next drill is another one.
  const [after, setAfter] = useState<string | undefined>(undefined)
  const next = useSandboxNext(round, true, after)
  const evaluate = useEvaluateSandbox()

  if (next.isPending) return <Loading message="Loading exercise..." />
  if (next.isError) {
    const error = next.error
    if (error instanceof ApiError && (error.status === 409 || error.code === 'CONFLICT'))
      return <Text fw={500}>{PLAYROOM_LOCKED}</Text>
    if (error instanceof ApiError && (error.status === 404 || error.code === 'NOT_FOUND'))
      return <Text fw={500}>{after ? errorMessage(error, PLAYROOM_EMPTY) : PLAYROOM_EMPTY}</Text>
    return <ErrorText message={errorMessage(error, SANDBOX_FALLBACK_ERROR)} />
  }
  return (
    <Flow
      key={`${next.data.exampleId}:${round}`}
      example={next.data}
      isAdmin={profile.data?.role === 'admin'}
      evaluate={async (answer) => ({ evaluation: (await evaluate.mutateAsync(answer)).evaluation })}
      onNext={() => {
        setAfter(next.data.exampleId)
        setRound((r) => r + 1)
      }}
      nextLabel="Next"
      mode="practice"
    />
  )
}

/**
 * The Playroom. It does not import the exercise feature: the route passes the exercise flow in
 * as `Flow` (features never import each other; app/routes composes them).
 */
export function SandboxPage({ Flow }: { Flow: DrillFlow }) {
  const [started, setStarted] = useState(false)
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Playroom</Title>
      {started ? <Drill Flow={Flow} /> : <Intro onStart={() => setStarted(true)} />}
    </Stack>
  )
}
