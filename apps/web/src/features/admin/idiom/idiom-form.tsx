import { Button, Group, Select, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IdiomFields, USAGE_DEFAULT, USAGE_MAX, USAGE_MIN } from '@che/core'
import type { Tone } from '@che/core'
import { useId } from 'react'
import { contractResolver } from '../../../lib/form'
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

const USAGE_MARKS = Array.from({ length: USAGE_MAX - USAGE_MIN + 1 }, (_, i) => ({
  value: USAGE_MIN + i,
  label: String(USAGE_MIN + i),
}))

/** What the form holds: IdiomFields' input, with meanings and literals one line each. */
interface IdiomFormValues {
  text: string
  translation: string
  tone: Tone
  usage: number
  source: string
  meanings: string[]
  literals: string[]
}

/** The lines of a one-phrase-per-line textarea, as typed: the schema trims and drops blanks. */
function linesInput(value: string[], set: (lines: string[]) => void) {
  return {
    value: value.join('\n'),
    onChange: (e: { currentTarget: { value: string } }) => set(e.currentTarget.value.split('\n')),
  }
}

/**
 * Text, translation and tone are required; usage 1–10 (default 8); tone defaults to Casual (spec §5).
 * Validated with the contract's IdiomFields, the schema the server checks the request with.
 */
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
  const form = useForm<IdiomFormValues>({
    initialValues: {
      text: initial?.text ?? '',
      translation: initial?.translation ?? '',
      tone: initial?.tone ?? DEFAULT_TONE,
      usage: initial?.usage ?? USAGE_DEFAULT,
      source: initial?.source ?? '',
      meanings: initial?.meanings ?? [],
      literals: initial?.literals ?? [],
    },
    validate: contractResolver(IdiomFields),
  })
  const usageLabelId = useId()
  const { tone, usage } = form.values
  const description = toneList.find((t) => t.tone === tone)?.description

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(IdiomFields.parse(values)))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Text"
          description="The idiom in Spanish, as learners will see it."
          required
          {...form.getInputProps('text')}
          data-autofocus
        />
        <TextInput
          label="Translation"
          description="Its meaning in English."
          required
          {...form.getInputProps('translation')}
        />
        <Select<Tone>
          label="Tone"
          required
          data={toneList.map((t) => ({ value: t.tone, label: t.tone }))}
          {...form.getInputProps('tone')}
          allowDeselect={false}
          description={description}
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
            {...form.getInputProps('usage')}
            marks={USAGE_MARKS}
            thumbLabel="Usage"
            thumbProps={{ 'aria-describedby': usageLabelId }}
            mb="lg"
          />
        </Stack>
        <TextInput
          label="Source"
          description="Optional: where the idiom comes from."
          {...form.getInputProps('source')}
        />
        <Textarea
          label="Meanings in English"
          description="Optional, one per line: other ways to say what the idiom means (paraphrases, English idioms). Answers that use them count as the idiom's meaning."
          {...linesInput(form.values.meanings, (lines) => form.setFieldValue('meanings', lines))}
          error={form.errors.meanings}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Textarea
          label="Literal readings"
          description="Optional, one per line: word-for-word readings that show the idiom was not understood. Answers that use them are graded major."
          {...linesInput(form.values.literals, (lines) => form.setFieldValue('literals', lines))}
          error={form.errors.literals}
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

/** The message of a failed save (spec §8): 'Error on save', a colon and the server's message. */
export function saveErrorMessage(error: unknown): string {
  return `Error on save: ${error instanceof Error ? error.message : String(error)}`
}
