import { Button, Group, Textarea } from '@mantine/core'
import type { TextareaProps } from '@mantine/core'
import { Banner } from '../../components/banner'
import { sendError } from './send-error'

/** The Description field both report forms have: required, growing with its text. */
export function DescriptionField(props: TextareaProps) {
  return <Textarea label="Description" required autosize minRows={4} maxRows={12} {...props} />
}

/**
 * The end of a report form: why sending failed (above the button), and Submit, disabled while a
 * required field is blank or the report is on its way.
 */
export function SendReport({
  send,
  fallback,
  blank,
}: {
  send: { isError: boolean; error: unknown; isPending: boolean }
  fallback: string
  blank: boolean
}) {
  return (
    <>
      <Banner type="error" message={send.isError ? sendError(send.error, fallback) : null} />
      <Group>
        <Button type="submit" disabled={blank || send.isPending} loading={send.isPending}>
          Submit
        </Button>
      </Group>
    </>
  )
}
