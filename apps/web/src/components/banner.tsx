import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'

export type BannerType = 'success' | 'error' | 'info' | 'warning'

const COLORS: Record<BannerType, string> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'yellow',
}

export interface BannerProps {
  message?: ReactNode
  type?: BannerType
  title?: ReactNode
  onClose?: () => void
}

/** A typed message strip (spec §8): success by default; nothing at all when there is no message. */
export function Banner({ message, type = 'success', title, onClose }: BannerProps) {
  if (message === undefined || message === null || message === '' || message === false) return null
  const urgent = type === 'error' || type === 'warning'
  return (
    <Alert
      color={COLORS[type]}
      variant="light"
      title={title}
      role={urgent ? 'alert' : 'status'}
      data-type={type}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel="Dismiss message"
    >
      {message}
    </Alert>
  )
}
