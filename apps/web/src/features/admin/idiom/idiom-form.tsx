import {
  Button,
  Fieldset,
  Group,
  Select,
  Slider,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import type { FormErrors } from '@mantine/form'
import {
  IDIOM_SENSES_MAX,
  IdiomFields,
  sensesProblem,
  USAGE_DEFAULT,
  USAGE_MAX,
  USAGE_MIN,
} from '@che/core'
import type { Tone } from '@che/core'
import { useId, useState } from 'react'
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

/** What the form holds: IdiomFields' input, with meanings, literals and each sense one line each. */
interface IdiomFormValues {
  text: string
  translation: string
  tone: Tone
  usage: number
  source: string
  meanings: string[]
  literals: string[]
  /** Each sense's lines (decision 067); [] for an idiom of one sense. */
  senses: string[][]
}

const filled = (lines: readonly string[]) => lines.filter((l) => l.trim().length > 0)

/** The lines of a one-phrase-per-line textarea, as typed: the schema trims and drops blanks. */
function linesInput(value: string[], set: (lines: string[]) => void) {
  return {
    value: value.join('\n'),
    onChange: (e: { currentTarget: { value: string } }) => set(e.currentTarget.value.split('\n')),
  }
}

/** A list's phrases as the contract keeps them (IdiomPhrases): trimmed, blanks and repeats dropped. */
const phrases = (lines: readonly string[]) => [
  ...new Set(lines.map((l) => l.trim()).filter((l) => l.length > 0)),
]

const contract = contractResolver<IdiomFormValues>(IdiomFields, undefined, ['senses'])

/**
 * The contract's rules, a senses problem shown where it lies. The contract drops an empty sense
 * before it checks the senses, so its message names none (and would stand under "Sense 1"); the
 * same rules read on the lists as the admin typed them put an empty Sense 2, or a phrase repeated
 * in it, at Sense 2, and a phrase the meanings hold twice under the meanings.
 */
function validate(values: IdiomFormValues): FormErrors {
  const errors = contract(values)
  const problem = sensesProblem(phrases(values.meanings), values.senses.map(phrases))
  if (problem) {
    delete errors.senses
    const field =
      problem.at === undefined
        ? 'senses'
        : problem.at === 'meanings'
          ? 'meanings'
          : `senses.${problem.at}`
    errors[field] ??= problem.message
  }
  return errors
}

/** The fields to send: an idiom of one sense has no senses field, as the contract reads it. */
function submitted(values: IdiomFormValues): IdiomFields {
  const { senses, ...fields } = IdiomFields.parse(values)
  return senses?.length ? { ...fields, senses } : fields
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
      senses: initial?.senses ?? [],
    },
    validate,
  })
  const usageLabelId = useId()
  const { tone, usage, senses } = form.values
  /** The sense just added, to put the cursor in it. */
  const [added, setAdded] = useState<number | null>(null)

  /**
   * A second sense: the meanings so far become the first sense's phrases (the admin then moves
   * what every sense shares back), and an empty second sense follows. Later: one more sense.
   */
  function addSense() {
    if (senses.length === 0) {
      form.setValues({ senses: [filled(form.values.meanings), []], meanings: [] })
      setAdded(1)
    } else {
      form.setFieldValue('senses', [...senses, []])
      setAdded(senses.length)
    }
  }
  /** Without its second-last sense an idiom has one sense: that sense's phrases join the meanings. */
  function removeSense(index: number) {
    const rest = senses.filter((_, i) => i !== index)
    if (rest.length === 1)
      form.setValues({ senses: [], meanings: [...filled(form.values.meanings), ...rest[0]!] })
    else form.setFieldValue('senses', rest)
    setAdded(null)
  }
  const description = toneList.find((t) => t.tone === tone)?.description

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(submitted(values)))} noValidate>
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
          description={
            senses.length
              ? 'Optional, one per line: the ways to say what every sense of the idiom means. Each sense’s own phrases go under Senses.'
              : "Optional, one per line: other ways to say what the idiom means (paraphrases, English idioms). Answers that use them count as the idiom's meaning."
          }
          {...linesInput(form.values.meanings, (lines) => form.setFieldValue('meanings', lines))}
          error={form.errors.meanings}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Fieldset legend="Senses" variant="filled" p="sm">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              Optional, for an idiom that means two different things (“estar en bolas”: to be
              clueless; to be stark naked). Each sense lists its own phrases, one per line, the
              first naming the sense; an answer must say the sense of its sentence. Adding a second
              sense moves the meanings above into the first.
            </Text>
            {senses.map((sense, i) => (
              <Group
                // Senses have no identity but their place; removing one re-labels the rest.
                key={`sense-${i}-of-${senses.length}`}
                align="flex-start"
                wrap="nowrap"
                gap="xs"
              >
                <Textarea
                  label={`Sense ${i + 1}`}
                  description={i === 0 ? 'One phrase per line, the first naming the sense.' : null}
                  {...linesInput(sense, (lines) => form.setFieldValue(`senses.${i}`, lines))}
                  // A problem of the senses as a whole (too many phrases in all) stands under
                  // the first and marks the others.
                  error={
                    form.errors[`senses.${i}`] ??
                    (i === 0 ? form.errors.senses : form.errors.senses ? true : undefined)
                  }
                  autoFocus={added === i}
                  autosize
                  minRows={2}
                  maxRows={6}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  mt={24}
                  onClick={() => removeSense(i)}
                  aria-label={`Remove sense ${i + 1}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
            {senses.length < IDIOM_SENSES_MAX ? (
              <Group>
                <Button variant="light" size="xs" onClick={addSense}>
                  {senses.length === 0 ? 'Add a second sense' : 'Add a sense'}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
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
