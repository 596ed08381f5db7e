import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core'
import {
  COPY_CONFIRMATION_MS,
  isMultiline,
  MULTILINE_MAX_ROWS,
  MULTILINE_MIN_ROWS,
} from '@che/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import type { z } from 'zod'

/** One entry of a flat key-value text map, in display order. */
export interface KeyValueRow {
  key: string
  value: string
}

/** Rows in the map's order (keys as the server sent them). */
export function rowsFromMap(map: Record<string, string>): KeyValueRow[] {
  return Object.entries(map).map(([key, value]) => ({ key, value }))
}

export function mapFromRows(rows: readonly KeyValueRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}

/** Set a key's value, appending the key when the map does not have it yet. */
export function setRow(rows: readonly KeyValueRow[], key: string, value: string): KeyValueRow[] {
  return rows.some((r) => r.key === key)
    ? rows.map((r) => (r.key === key ? { key, value } : r))
    : [...rows, { key, value }]
}

export interface KeyValueEditorProps {
  rows: KeyValueRow[]
  onChange: (rows: KeyValueRow[]) => void
  /** Sends the whole map. */
  onSave: (map: Record<string, string>) => void
  saving?: boolean
  /** Per-key messages, e.g. the server's VALIDATION_FAILED details. */
  errors?: Record<string, string>
  /** What one entry is called in labels: 'setting', 'prompt'. */
  noun?: string
  /** Shown above the Save button (a banner with the save result). */
  status?: ReactNode
  /** The longest key the server accepts. */
  maxKeyLength?: number
  /**
   * The contract's schema of the map (SettingsMap): Save checks the map with it first, and a
   * refused value is shown under its key with the server's message instead of being sent.
   */
  schema?: z.ZodType
}

/**
 * Rows of key + value with add, edit, delete and copy (spec §2 settings and prompts). A value
 * longer than 60 characters or spanning lines gets a multi-line field of 2 to 8 rows (§9).
 */
export function KeyValueEditor({
  rows,
  onChange,
  onSave,
  saving = false,
  errors = {},
  noun = 'entry',
  status,
  maxKeyLength = 200,
  schema,
}: KeyValueEditorProps) {
  const [checked, setChecked] = useState<Record<string, string>>({})
  const shown = { ...errors, ...checked }

  function save() {
    const map = mapFromRows(rows)
    const result = schema?.safeParse(map)
    const refused: Record<string, string> = {}
    for (const issue of result?.error?.issues ?? []) {
      const key = String(issue.path[0] ?? '')
      refused[key] ??= issue.message
    }
    setChecked(refused)
    if (Object.keys(refused).length === 0) onSave(map)
  }
  const [newKey, setNewKey] = useState('')
  const [newKeyError, setNewKeyError] = useState<string | null>(null)
  const [focusKey, setFocusKey] = useState<string | null>(null)

  function addKey(event: FormEvent) {
    event.preventDefault()
    const key = newKey.trim()
    if (!key) return setNewKeyError('Enter a key name')
    if (key.length > maxKeyLength)
      return setNewKeyError(`A key has at most ${maxKeyLength} characters`)
    if (rows.some((r) => r.key === key)) return setNewKeyError(`"${key}" is already in the list`)
    onChange([...rows, { key, value: '' }])
    setNewKey('')
    setNewKeyError(null)
    setFocusKey(key)
  }

  return (
    <Stack gap="md">
      {rows.length === 0 ? <Text c="dimmed">No {noun}s yet. Add a key below.</Text> : null}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={`${noun}s`}
      >
        {rows.map((row) => (
          <li key={row.key}>
            <ValueRow
              row={row}
              error={shown[row.key]}
              autoFocus={focusKey === row.key}
              onValue={(value) => {
                if (checked[row.key]) setChecked(({ [row.key]: _, ...rest }) => rest)
                onChange(rows.map((r) => (r.key === row.key ? { key: r.key, value } : r)))
              }}
              onDelete={() => onChange(rows.filter((r) => r.key !== row.key))}
            />
          </li>
        ))}
      </Stack>

      <Paper withBorder p="sm" radius="md">
        <form onSubmit={addKey} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={`New ${noun} key`}
              value={newKey}
              onChange={(e) => {
                setNewKey(e.currentTarget.value)
                setNewKeyError(null)
              }}
              error={newKeyError}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="light">
              Add key
            </Button>
          </Group>
        </form>
      </Paper>

      {status}
      {Object.keys(shown)
        .filter((k) => !rows.some((r) => r.key === k))
        .map((k) => (
          <Text key={k} c="red.7" size="sm" role="alert">
            {k}: {shown[k]}
          </Text>
        ))}
      <Group>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  )
}

interface ValueRowProps {
  row: KeyValueRow
  error: string | undefined
  autoFocus: boolean
  onValue: (value: string) => void
  onDelete: () => void
}

function ValueRow({ row, error, autoFocus, onValue, onDelete }: ValueRowProps) {
  const multiline = isMultiline(row.value)
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  // Swapping input for textarea (or back) while typing must not lose the caret.
  const keepFocus = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the field swaps between input and textarea.
  useLayoutEffect(() => {
    const el = ref.current
    if (!keepFocus.current || !el) return
    keepFocus.current = false
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
  }, [multiline])
  useEffect(() => {
    if (autoFocus) ref.current?.focus()
  }, [autoFocus])

  const change = (value: string) => {
    if (isMultiline(value) !== multiline) keepFocus.current = true
    onValue(value)
  }
  const field = multiline ? (
    <Textarea
      ref={ref}
      label={row.key}
      value={row.value}
      onChange={(e) => change(e.currentTarget.value)}
      autosize
      minRows={MULTILINE_MIN_ROWS}
      maxRows={MULTILINE_MAX_ROWS}
      error={error}
      style={{ flex: 1 }}
      styles={{ label: { fontFamily: 'monospace' } }}
    />
  ) : (
    <TextInput
      ref={ref}
      label={row.key}
      value={row.value}
      onChange={(e) => change(e.currentTarget.value)}
      error={error}
      style={{ flex: 1 }}
      styles={{ label: { fontFamily: 'monospace' } }}
    />
  )
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {field}
      <Group gap={4} mt={26} wrap="nowrap">
        <CopyValueButton name={row.key} value={row.value} />
        <Tooltip label={`Delete ${row.key}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${row.key}`}
            size="lg"
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text)
  // Older browsers and insecure origins: the selection-based fallback.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  const ok = document.execCommand('copy')
  area.remove()
  if (!ok) throw new Error('copy failed')
}

/** Copies a value and says "Copied" for 1.5 s (spec §9). */
function CopyValueButton({ name, value }: { name: string; value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const copy = () => {
    copyText(value).then(
      () => show('copied'),
      () => show('failed'),
    )
  }
  const show = (next: 'copied' | 'failed') => {
    setState(next)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS)
  }

  return (
    <Button
      variant="subtle"
      size="compact-sm"
      h={34}
      color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : undefined}
      onClick={copy}
      aria-label={state === 'idle' ? `Copy ${name}` : undefined}
      miw={72}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </Button>
  )
}
