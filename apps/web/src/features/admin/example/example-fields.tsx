import { Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { snippetInText } from '@che/core'

/** The two fields every example form has: the sentence and the idiom as conjugated in it. */
interface SentenceValues {
  text: string
  conjugatedSnippet: string
}

/** The rule the contract cannot state: the snippet occurs in the text (case aside). */
export function snippetRule({ text, conjugatedSnippet }: SentenceValues) {
  const snippet = conjugatedSnippet.trim()
  return text.trim() && snippet && !snippetInText(text, snippet)
    ? {
        conjugatedSnippet:
          'The snippet must appear in the text, exactly as written there (case aside)',
      }
    : {}
}

/** Text and Conjugated snippet, bound to a Mantine form that holds at least those two values. */
export function SentenceFields<V extends SentenceValues>({
  form,
  textDescription,
  snippetDescription,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>
  textDescription?: string
  snippetDescription: string
  autoFocus?: boolean
}) {
  return (
    <>
      <Textarea
        label="Text"
        description={textDescription}
        required
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('text')}
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        label="Conjugated snippet"
        description={snippetDescription}
        required
        {...form.getInputProps('conjugatedSnippet')}
      />
    </>
  )
}
