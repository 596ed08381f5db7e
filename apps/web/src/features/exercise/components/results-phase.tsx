import { Anchor, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Accuracy, Evaluation, Example } from '@che/core'
import { useEffect, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDue } from '../../../lib/format-due'
import { useKeyboardHints } from './keyboard-hints'
import { ReplayButtons } from './sentence-audio'
import { sentenceParts } from './sentence-parts'

/** Scored exercise, or the Playroom's practice (nothing is scored there, spec §9). */
export type FlowMode = 'scored' | 'practice'

const ACCURACY: Record<Accuracy, { label: string; color: string }> = {
  perfect: { label: 'Perfect', color: 'green' },
  minor: { label: 'Minor errors', color: 'yellow' },
  major: { label: 'Major errors', color: 'red' },
}

/** The Playroom keeps no score: the same three outcomes, said as feedback rather than grades. */
const PRACTICE: Record<Accuracy, string> = {
  perfect: 'Spot on',
  minor: 'Nearly there',
  major: 'Worth another go',
}

/** What a give-up shows instead of grades (decision 049). */
export const ANSWER_SHOWN = 'Answer shown'
export const GAVE_UP_SCORED =
  'Study the sentence below. It counts as not known yet, so it comes back soon.'
export const GAVE_UP_PRACTICE = 'Study the sentence below. Nothing is scored in the Playroom.'

export function AccuracyBadge({
  accuracy,
  mode = 'scored',
}: {
  accuracy: Accuracy
  mode?: FlowMode
}) {
  const { color } = ACCURACY[accuracy]
  const label = mode === 'practice' ? PRACTICE[accuracy] : ACCURACY[accuracy].label
  return (
    <Badge color={color} variant="filled" size="lg" tt="none" data-accuracy={accuracy}>
      {label}
    </Badge>
  )
}

/** The sentence with the idiom's snippet underlined and the missed words highlighted. */
export function MarkedSentence({
  example,
  missedWords,
}: {
  example: Example
  missedWords: readonly string[]
}) {
  const parts = sentenceParts(example.text, example.conjugatedSnippet, missedWords)
  return (
    <Text size="lg" lang="es" data-testid="marked-sentence">
      {parts.map((part, i) => {
        let node: ReactNode = part.text
        if (part.missed) {
          node = (
            <mark
              title="Missed word"
              style={{
                background: 'var(--mantine-color-red-1)',
                color: 'var(--mantine-color-red-9)',
                borderRadius: 3,
                padding: '0 2px',
              }}
            >
              {node}
            </mark>
          )
        }
        if (part.snippet) {
          node = (
            <strong
              data-snippet="true"
              style={{
                textDecoration: 'underline',
                textDecorationColor: 'var(--mantine-color-blue-6)',
                textDecorationThickness: 2,
                textUnderlineOffset: 4,
              }}
            >
              {node}
            </strong>
          )
        }
        return <span key={i}>{node}</span>
      })}
    </Text>
  )
}

export const GRADED_OFFLINE =
  'Graded on this device while you are offline. Your answer is saved here and syncs when the connection is back; then the calendar schedules this sentence.'

export interface ResultsPhaseProps {
  example: Example
  evaluation: Evaluation
  /** When the item comes back (exercise only; the Playroom keeps no schedule). */
  dueDate?: string
  /** Graded in this browser while offline: the server schedules it once the answer syncs. */
  gradedOffline?: boolean
  nextLabel: string
  onNext: () => void
  answer: { transcription: string; translation: string }
  mode?: FlowMode
  /** Called each time the sentence is replayed here. */
  onPlay?: () => void
}

/**
 * Phase 4: both grades first (in view on a phone; ExerciseFlow's live region announces them), then feedback,
 * or, for an answer given up, "Answer shown" and what that means instead of grades,
 * the marked sentence with Replay / Slow replay, the reference and the idiom. Focus goes to the
 * heading, so the page does not jump to the bottom; Enter there goes on.
 */
export function ResultsPhase({
  example,
  evaluation,
  dueDate,
  gradedOffline = false,
  nextLabel,
  onNext,
  answer,
  mode = 'scored',
  onPlay,
}: ResultsPhaseProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  const keyboardHints = useKeyboardHints()
  const onHeadingKeyDown = (event: KeyboardEvent<HTMLHeadingElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    onNext()
  }
  const transcription = mode === 'practice' ? 'What you heard' : 'Transcription'
  // A give-up ("Show the answer", decision 049) is no graded attempt: no grade badges, and no
  // sentence painted red word by word; the answer is there to study.
  const gaveUp = evaluation.gaveUp === true
  const missedWords = gaveUp ? [] : evaluation.missedWords
  // A give-up shows the answer first: the sentence is what there is to study.
  const feedbackPanels = (
    <>
      <FieldFeedback
        title={transcription}
        wrote={answer.transcription}
        lang="es"
        feedback={evaluation.transcriptionFeedback}
      />
      <FieldFeedback
        title="Translation"
        wrote={answer.translation}
        feedback={evaluation.translationFeedback}
      />
    </>
  )
  const sentencePanel = (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>The sentence</Text>
        <MarkedSentence example={example} missedWords={missedWords} />
        {example.audio ? <ReplayButtons src={example.audio.url} onPlay={onPlay} /> : null}
        <Text size="xs" c="dimmed">
          Underlined: the idiom as used in the sentence.
          {missedWords.length > 0 ? ' Highlighted: words you missed.' : ''}
        </Text>
        <Divider />
        <Text fw={600}>English translation</Text>
        <Text>{evaluation.englishTranslation}</Text>
        <Divider />
        <Text fw={600}>Idiom</Text>
        <Text>
          <Text span fw={600} lang="es">
            {example.idiom.text}
          </Text>{' '}
          — {example.idiom.translation}
        </Text>
      </Stack>
    </Paper>
  )
  return (
    <Stack gap="md">
      <Title
        order={2}
        fz="h3"
        ref={heading}
        tabIndex={-1}
        onKeyDown={onHeadingKeyDown}
        style={{ outlineOffset: 4 }}
      >
        {mode === 'practice' ? 'Feedback' : 'Results'}
      </Title>
      {gaveUp ? (
        <Stack gap={4} data-testid="answer-shown">
          <Group gap={6}>
            <Badge color="blue" variant="light" size="lg" tt="none">
              {ANSWER_SHOWN}
            </Badge>
          </Group>
          <Text>{mode === 'practice' ? GAVE_UP_PRACTICE : GAVE_UP_SCORED}</Text>
        </Stack>
      ) : (
        <Group gap="lg" wrap="wrap" data-testid="grades">
          <Group gap={6} wrap="nowrap">
            <Text fw={600}>{transcription}</Text>
            <AccuracyBadge accuracy={evaluation.transcriptionAccuracy} mode={mode} />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text fw={600}>Translation</Text>
            <AccuracyBadge accuracy={evaluation.translationAccuracy} mode={mode} />
          </Group>
        </Group>
      )}
      {keyboardHints ? (
        <Text size="xs" c="dimmed">
          Press Enter for {nextLabel.toLowerCase()}.
        </Text>
      ) : null}
      {gaveUp ? sentencePanel : feedbackPanels}
      {gaveUp ? feedbackPanels : sentencePanel}
      {dueDate ? <Text>This sentence comes back {formatDue(dueDate)}.</Text> : null}
      {gradedOffline ? <Text data-testid="graded-offline">{GRADED_OFFLINE}</Text> : null}
      <Group justify="space-between" wrap="wrap">
        <Button onClick={onNext}>{nextLabel}</Button>
        <Anchor component={Link} to={`/app/bugreport/${example.exampleId}`} size="sm">
          Report a problem
        </Anchor>
      </Group>
    </Stack>
  )
}

/** One answer field's result: its name, what the learner wrote, and the feedback on it. */
function FieldFeedback({
  title,
  wrote,
  lang,
  feedback,
}: {
  title: string
  wrote: string
  /** The language of what was written ('es' for the transcription). */
  lang?: string
  feedback: string
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" lang={lang}>
          You wrote: {wrote || '(nothing)'}
        </Text>
        <Text>{feedback}</Text>
      </Stack>
    </Paper>
  )
}
