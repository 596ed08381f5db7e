import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { KeyValueEditor, mapFromRows, rowsFromMap, setRow } from './key-value-editor'
import type { KeyValueRow } from './key-value-editor'

function Harness({
  initial,
  onSave = () => {},
  errors,
}: {
  initial: Record<string, string>
  onSave?: (map: Record<string, string>) => void
  errors?: Record<string, string>
}) {
  const [rows, setRows] = useState<KeyValueRow[]>(rowsFromMap(initial))
  return (
    <KeyValueEditor rows={rows} onChange={setRows} onSave={onSave} errors={errors} noun="setting" />
  )
}

const isTextarea = (el: HTMLElement) => el.tagName === 'TEXTAREA'

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

// Each test renders a whole Mantine screen and types through user-event (every key re-renders it):
// about 1-2 s alone, 3-8 s on the shared 2-core machine at load 12-20 (measured), past the 5 s default.
describe('KeyValueEditor', { timeout: 20_000 }, () => {
  it('uses a single-line field for short values and a multi-line one for long or multi-line values', () => {
    renderWithProviders(
      <Harness
        initial={{
          short: 'hola',
          long: 'x'.repeat(61),
          lines: 'uno\ndos',
          exactly60: 'y'.repeat(60),
        }}
      />,
    )
    expect(isTextarea(screen.getByLabelText('short'))).toBe(false)
    expect(isTextarea(screen.getByLabelText('exactly60'))).toBe(false)
    expect(isTextarea(screen.getByLabelText('long'))).toBe(true)
    expect(isTextarea(screen.getByLabelText('lines'))).toBe(true)
    expect(screen.getByLabelText('lines')).toHaveValue('uno\ndos')
  })

  it('switches to a multi-line field when typing past 60 characters, keeping focus', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness initial={{ prompt: 'a'.repeat(59) }} />)
    const field = screen.getByLabelText('prompt')
    expect(isTextarea(field)).toBe(false)
    await user.click(field)
    await user.keyboard('bc')
    const after = screen.getByLabelText('prompt')
    expect(isTextarea(after)).toBe(true)
    expect(after).toHaveValue(`${'a'.repeat(59)}bc`)
    expect(after).toHaveFocus()
    await user.keyboard('{Enter}second line')
    expect(screen.getByLabelText('prompt')).toHaveValue(`${'a'.repeat(59)}bc\nsecond line`)
  })

  it('adds a key, edits its value, deletes another and saves the whole map', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn()
    renderWithProviders(<Harness initial={{ inBeta: 'false', old: 'bye' }} onSave={onSave} />)

    await user.type(screen.getByLabelText('New setting key'), 'welcome')
    await user.click(screen.getByRole('button', { name: 'Add key' }))
    const welcome = screen.getByLabelText('welcome')
    expect(welcome).toHaveFocus()
    await user.type(welcome, 'Bienvenidos')
    await user.click(screen.getByRole('button', { name: 'Delete old' }))
    expect(screen.queryByLabelText('old')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({ inBeta: 'false', welcome: 'Bienvenidos' })
  })

  it('refuses an empty or repeated key', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness initial={{ inBeta: 'false' }} />)
    await user.click(screen.getByRole('button', { name: 'Add key' }))
    expect(screen.getByText('Enter a key name')).toBeInTheDocument()
    await user.type(screen.getByLabelText('New setting key'), 'inBeta')
    await user.click(screen.getByRole('button', { name: 'Add key' }))
    expect(screen.getByText('"inBeta" is already in the list')).toBeInTheDocument()
    expect(screen.getAllByLabelText('inBeta')).toHaveLength(1)
  })

  it('copies a value and says "Copied" for 1.5 seconds', async () => {
    // The clock moves only when the test moves it: with shouldAdvanceTime, a slow moment between
    // the click and the first advance let the 1.5 s pass early on a loaded machine. Testing
    // Library moves fake timers only where it sees Jest's; this shows it Vitest's clock.
    vi.useFakeTimers()
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithProviders(<Harness initial={{ testKey: 'abc123' }} />)
    await user.click(screen.getByRole('button', { name: 'Copy testKey' }))
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()

    await act(async () => {
      vi.advanceTimersByTime(1_400)
    })
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Copy testKey' })).toBeInTheDocument()
    // user-event's clipboard reads through timers: read it back on the real clock.
    vi.useRealTimers()
    expect(await navigator.clipboard.readText()).toBe('abc123')
  })

  it('shows per-field errors next to their values', () => {
    renderWithProviders(
      <Harness initial={{ inBeta: 'maybe' }} errors={{ inBeta: 'must be true or false' }} />,
    )
    expect(screen.getByLabelText('inBeta')).toHaveAccessibleDescription('must be true or false')
  })
})

describe('key-value rows', () => {
  it('round-trips a map and sets or appends a key', () => {
    const rows = rowsFromMap({ a: '1', b: '2' })
    expect(mapFromRows(setRow(rows, 'b', '3'))).toEqual({ a: '1', b: '3' })
    expect(setRow(rows, 'c', '4').map((r) => r.key)).toEqual(['a', 'b', 'c'])
  })
})
