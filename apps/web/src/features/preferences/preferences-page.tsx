import {
  Anchor,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import {
  MAX_OFFLINE_EXERCISES,
  TONES,
  USAGE_BANDS,
  USAGE_BAND_RANGES,
  UsageBand,
  Tone,
} from '@che/core'
import type { UserProfile } from '@che/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { QueryState } from '../../components/query-state'
import { errorMessage } from '../../lib/api-client'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'
import { TONES_FALLBACK_ERROR, useTones } from '../../lib/queries/tones'
import { PREFERENCES_FALLBACK_ERROR, useUpdatePreferences } from './api/update-preferences'

const ALL = ''

function UsageChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  // The choice shows in the same frame as the click; the profile cache (which notifies its
  // observers on a later tick) catches up and stays the source of truth, rollbacks included.
  const [shown, setShown] = useState(value)
  useEffect(() => setShown(value), [value])
  const choose = (next: string) => {
    setShown(next)
    onChange(next)
  }
  return (
    <Radio.Group
      label="Usage"
      description="How common the idioms you practise should be."
      value={shown}
      onChange={choose}
    >
      <Stack gap="xs" mt="xs">
        {USAGE_BANDS.map((band) => {
          const r = USAGE_BAND_RANGES[band]
          return <Radio key={band} value={band} label={`${r.label} (${r.min}–${r.max})`} />
        })}
        <Radio value={ALL} label="All" />
      </Stack>
    </Radio.Group>
  )
}

function ToneChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const tones = useTones()
  return (
    <QueryState query={tones} errorFallback={TONES_FALLBACK_ERROR}>
      {(list) => {
        const descriptions = new Map<string, string>(list.map((t) => [t.tone, t.description]))
        const data = [
          { value: ALL, label: 'All' },
          ...TONES.filter((t) => descriptions.has(t)).map((t) => ({ value: t, label: t })),
        ]
        return (
          <Stack gap={4}>
            <Select
              label="Tone"
              description="The context the idioms are used in."
              data={data}
              value={value}
              onChange={(v) => onChange(v ?? ALL)}
              allowDeselect={false}
              maw={360}
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {option.value ? descriptions.get(option.value) : 'Every tone.'}
                  </Text>
                </Stack>
              )}
            />
            <Text size="sm" c="dimmed" data-testid="tone-description">
              {value ? descriptions.get(value) : 'Idioms of every tone.'}
            </Text>
          </Stack>
        )
      }}
    </QueryState>
  )
}

function NextExampleField({ saved, onSave }: { saved: string; onSave: (value: string) => void }) {
  const [draft, setDraft] = useState(saved)
  const commit = () => {
    if (draft.trim() !== saved) onSave(draft.trim())
  }
  return (
    <TextInput
      label="Next Example"
      description="Admin only: the exampleId to serve as the next exercise (empty for the normal order)."
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit()
      }}
      maw={420}
      spellCheck={false}
    />
  )
}

function PreferencesForm({ profile }: { profile: UserProfile }) {
  const update = useUpdatePreferences()
  const { filter, getNextExample, offlineExercises } = profile.preferences
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="lg">
        {update.isError ? (
          <ErrorText message={errorMessage(update.error, PREFERENCES_FALLBACK_ERROR)} />
        ) : null}
        <UsageChoice
          value={filter.usage}
          onChange={(v) => {
            const usage = UsageBand.safeParse(v)
            update.update({ filter: { usage: usage.success ? usage.data : '' } })
          }}
        />
        <ToneChoice
          value={filter.tone}
          onChange={(v) => {
            const tone = Tone.safeParse(v)
            update.update({ filter: { tone: tone.success ? tone.data : '' } })
          }}
        />
        <NumberInput
          label="Exercises kept for offline practice"
          description={`The next due exercises this device keeps, with their audio, to practise without a connection (0 to ${MAX_OFFLINE_EXERCISES}).`}
          min={0}
          max={MAX_OFFLINE_EXERCISES}
          clampBehavior="strict"
          hideControls
          allowDecimal={false}
          allowNegative={false}
          value={offlineExercises}
          onChange={(v) => {
            if (
              typeof v === 'number' &&
              Number.isInteger(v) &&
              v >= 0 &&
              v <= MAX_OFFLINE_EXERCISES
            )
              update.update({ offlineExercises: v })
          }}
          maw={320}
        />
        {profile.role === 'admin' ? (
          <NextExampleField
            saved={getNextExample}
            onSave={(v) => update.update({ getNextExample: v })}
          />
        ) : null}
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {update.isPending
              ? 'Saving…'
              : update.isSuccess
                ? 'Saved.'
                : 'Changes are saved as you make them.'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}

export function PreferencesPage() {
  const profile = useProfile()
  return (
    <Stack gap="lg">
      <Title order={1}>Preferences</Title>
      <QueryState query={profile} errorFallback={PROFILE_FALLBACK_ERROR}>
        {(p) => <PreferencesForm profile={p} />}
      </QueryState>
      <Text size="sm">
        <Anchor component={Link} to="/app/account">
          Account
        </Anchor>
        : change your password, download your data or delete your account.
      </Text>
    </Stack>
  )
}
