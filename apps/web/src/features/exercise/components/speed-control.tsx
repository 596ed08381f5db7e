import { Group, SegmentedControl, Text } from '@mantine/core'
import { useId, useRef, useSyncExternalStore } from 'react'
import { type Speed, SPEEDS, speedLabel, speedStore } from './playback-speed'

/** The chosen listening speed; re-renders when any control on the page changes it. */
export function useSpeed(): Speed {
  return useSyncExternalStore(speedStore.subscribe, speedStore.get, speedStore.get)
}

/**
 * "Speed: 0.75× 0.9× 1× 1.25×", remembered on this device. Pressing it keeps the focus where it
 * was (the learner's text field), like the replay buttons.
 */
export function SpeedControl() {
  const speed = useSpeed()
  const id = useId()
  // Clicking a choice focuses its radio; the field the learner was typing in gets the focus back.
  const typingIn = useRef<HTMLElement | null>(null)
  const remember = () => {
    const active = document.activeElement
    typingIn.current =
      active instanceof HTMLTextAreaElement ||
      (active instanceof HTMLInputElement && active.type === 'text')
        ? active
        : null
  }
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="speed-control"
      onPointerDownCapture={remember}
      onMouseDownCapture={remember}
    >
      <Text size="sm" id={id} c="dimmed">
        Speed
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={id}
        value={String(speed)}
        onChange={(value) => {
          speedStore.set(Number(value) as Speed)
          typingIn.current?.focus()
          typingIn.current = null
        }}
        data={SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) }))}
      />
    </Group>
  )
}
