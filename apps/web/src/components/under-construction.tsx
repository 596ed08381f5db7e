import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export interface UnderConstructionProps {
  title: string
  /** One honest sentence about what the screen will do. */
  description?: ReactNode
  children?: ReactNode
}

/** A screen that exists in the navigation but whose feature is still being built. */
export function UnderConstruction({ title, description, children }: UnderConstructionProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {children}
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>This screen is under construction.</Text>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
      </Paper>
    </Stack>
  )
}
