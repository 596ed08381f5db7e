import { Button, Group, Select, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { USAGE_DEFAULT, USAGE_MAX, USAGE_MIN } from '@che/core'
import type { IdiomFields, Tone } from '@che/core'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { FALLBACK_TONES, useTones } from '../../../lib/queries/tones'

export const DEFAULT_TONE: Tone = 'Casual'

export interface IdiomFormProps {
  /** Values to start from (editing); a new idiom starts empty, Casual, usage 8. */
  initial?: IdiomFields
  submitLabel?: string
  saving?: boolean
  /** 'Error on save ...' of the last attempt, shown above the buttons. */
  error?: string | null
  onSubmit: (fields: IdiomFields) => void
  onCancel?: () => void
}

type Errors = Partial<Record<'text' | 'translation' | 'tone', string>>

const USAGE_MARKS = Array.from({ length: USAGE_MAX - USAGE_MIN + 1 }, (_, i) => ({
  value: USAGE_MIN + i,
  label: String(USAGE_MIN + i),
}))

/** Text, translation and tone are required; usage 1–10 (default 8); tone defaults to Casual (spec §5). */
export function IdiomForm({
  initial,
  submitLabel = 'Save',
  saving = false,
  error,
  onSubmit,
  onCancel,
}: IdiomFormProps) {
  const tones = useTones()
  const toneList = tones.data ?? FALLBACK_TONES
  const [text, setText] = useState(initial?.text ?? '')
  const [translation, setTranslation] = useState(initial?.translation ?? '')
  const [tone, setTone] = useState<Tone | null>(initial?.tone ?? DEFAULT_TONE)
  const [usage, setUsage] = useState(initial?.usage ?? USAGE_DEFAULT)
  const [source, setSource] = useState(initial?.source ?? '')
  const [meanings, setMeanings] = useState((initial?.meanings ?? []).join('\n'))
  const [literals, setLiterals] = useState((initial?.literals ?? []).join('\n'))
  const [errors, setErrors] = useState<Errors>({})
  const usageLabelId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Errors = {}
    if (!text.trim()) next.text = 'Text is required'
    if (!translation.trim()) next.translation = 'Translation is required'
    if (!tone) next.tone = 'Tone is required'
    setErrors(next)
    if (Object.keys(next).length > 0 || !tone) return
    onSubmit({
      text: text.trim(),
      translation: translation.trim(),
      tone,
      usage,
      source: source.trim(),
      meanings: linesOf(meanings),
      literals: linesOf(literals),
    })
  }

  const description = toneList.find((t) => t.tone === tone)?.description

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Text"
          description="The idiom in Spanish, as learners will see it."
          required
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
          maxLength={300}
          data-autofocus
        />
        <TextInput
          label="Translation"
          description="Its meaning in English."
          required
          value={translation}
          onChange={(e) => setTranslation(e.currentTarget.value)}
          error={errors.translation}
          maxLength={500}
        />
        <Select<Tone>
          label="Tone"
          required
          data={toneList.map((t) => ({ value: t.tone, label: t.tone }))}
          value={tone}
          onChange={(value) => setTone(value)}
          allowDeselect={false}
          description={description}
          error={errors.tone}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {toneList.find((t) => t.tone === option.value)?.description}
              </Text>
            </Stack>
          )}
        />
        <Stack gap={4}>
          <Text component="label" id={usageLabelId} size="sm" fw={500}>
            Usage: {usage}{' '}
            <Text span c="dimmed" size="sm">
              (1 = super rare, 10 = super common)
            </Text>
          </Text>
          <Slider
            min={USAGE_MIN}
            max={USAGE_MAX}
            step={1}
            value={usage}
            onChange={setUsage}
            marks={USAGE_MARKS}
            thumbLabel="Usage"
            thumbProps={{ 'aria-describedby': usageLabelId }}
            mb="lg"
          />
        </Stack>
        <TextInput
          label="Source"
          description="Optional: where the idiom comes from."
          value={source}
          onChange={(e) => setSource(e.currentTarget.value)}
          maxLength={300}
        />
        <Textarea
          label="Meanings in English"
          description="Optional, one per line: other ways to say what the idiom means (paraphrases, English idioms). Answers that use them count as the idiom's meaning."
          value={meanings}
          onChange={(e) => setMeanings(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Textarea
          label="Literal readings"
          description="Optional, one per line: word-for-word readings that show the idiom was not understood. Answers that use them are graded major."
          value={literals}
          onChange={(e) => setLiterals(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        {error ? (
          <Text c="red.7" role="alert" fw={500}>
            {error}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  )
}

/** One phrase per line of a textarea: trimmed, blanks and repeats dropped. */
export function linesOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ]
}

/** The message of a failed save (spec §8): 'Error on save', a colon and the server's message. */
export function saveErrorMessage(error: unknown): string {
  return `Error on save: ${error instanceof Error ? error.message : String(error)}`
}
