import { Alert } from '@mantine/core'
import { useEffect, useRef } from 'react'
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
  /**
   * Move focus to the message when it appears: for a form whose button is disabled by the action
   * it reports (a saved name, a changed password), so keyboard focus is not dropped on the page.
   */
  takeFocus?: boolean
}

/** A typed message strip (spec §8): success by default; nothing at all when there is no message. */
export function Banner({ message, type = 'success', title, onClose, takeFocus }: BannerProps) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = !(message === undefined || message === null || message === '' || message === false)
  useEffect(() => {
    if (takeFocus && shown) ref.current?.focus()
  }, [takeFocus, shown])
  if (!shown) return null
  const urgent = type === 'error' || type === 'warning'
  return (
    <Alert
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
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
