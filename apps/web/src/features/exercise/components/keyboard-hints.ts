import { useMediaQuery } from '@mantine/hooks'

/** A screen driven by touch alone (a phone or a tablet with no keyboard or mouse attached). */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)'

/**
 * Whether to show hints about keys (Enter for the next exercise, Ctrl+Space to replay): on a
 * touch-only screen there is no such key to press, so the hint would only take room.
 */
export function useKeyboardHints(): boolean {
  return !useMediaQuery(TOUCH_ONLY, false, { getInitialValueInEffect: false })
}
