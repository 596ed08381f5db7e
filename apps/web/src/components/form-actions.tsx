import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { Banner } from './banner'

/** The foot of a modal form: what went wrong (if anything), then Cancel and the submit button. */
export function FormActions({
  error,
  onCancel,
  submitLabel,
  loading,
  disabled = false,
}: {
  error: ReactNode
  onCancel: () => void
  submitLabel: string
  loading: boolean
  disabled?: boolean
}) {
  return (
    <>
      <Banner type="error" message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={loading} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}
