import { Anchor, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Accuracy, Evaluation, Example } from '@che/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDue } from '../../../lib/format-due'
import { sentenceParts } from './sentence-parts'

const ACCURACY: Record<Accuracy, { label: string; color: string }> = {
  perfect: { label: 'Perfect', color: 'green' },
  minor: { label: 'Minor errors', color: 'yellow' },
  major: { label: 'Major errors', color: 'red' },
}

export function AccuracyBadge({ accuracy }: { accuracy: Accuracy }) {
  const { label, color } = ACCURACY[accuracy]
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

export interface ResultsPhaseProps {
  example: Example
  evaluation: Evaluation
  /** When the item comes back (exercise only; the Playroom keeps no schedule). */
  dueDate?: string
  nextLabel: string
  onNext: () => void
  answer: { transcription: string; translation: string }
}

/** Phase 4: both accuracies, feedback, the reference, the marked sentence and the idiom. */
export function ResultsPhase({
  example,
  evaluation,
  dueDate,
  nextLabel,
  onNext,
  answer,
}: ResultsPhaseProps) {
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Results
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>Transcription</Text>
            <AccuracyBadge accuracy={evaluation.transcriptionAccuracy} />
          </Group>
          <Text size="sm" c="dimmed" lang="es">
            You wrote: {answer.transcription || '(nothing)'}
          </Text>
          <Text>{evaluation.transcriptionFeedback}</Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>Translation</Text>
            <AccuracyBadge accuracy={evaluation.translationAccuracy} />
          </Group>
          <Text size="sm" c="dimmed">
            You wrote: {answer.translation || '(nothing)'}
          </Text>
          <Text>{evaluation.translationFeedback}</Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>The sentence</Text>
          <MarkedSentence example={example} missedWords={evaluation.missedWords} />
          <Text size="xs" c="dimmed">
            Underlined: the idiom as used in the sentence.
            {evaluation.missedWords.length > 0 ? ' Highlighted: words you missed.' : ''}
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
      {dueDate ? <Text>This sentence comes back {formatDue(dueDate)}.</Text> : null}
      <Group justify="space-between" wrap="wrap">
        <Button onClick={onNext} autoFocus>
          {nextLabel}
        </Button>
        <Anchor component={Link} to={`/app/bugreport/${example.exampleId}`} size="sm">
          Report a problem
        </Anchor>
      </Group>
    </Stack>
  )
}
