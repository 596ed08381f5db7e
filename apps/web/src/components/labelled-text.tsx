import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A small line "Label: value", the label dimmed (an assignment's editor, transcription...). */
export function LabelledText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  )
}
