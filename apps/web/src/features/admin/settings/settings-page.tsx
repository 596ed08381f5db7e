import {
  Anchor,
  Button,
  Code,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { betaKeyFor, SettingsMap } from '@che/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { Banner } from '../../../components/banner'
import { KeyValueEditor, rowsFromMap, setRow } from '../../../components/key-value-editor'
import type { KeyValueRow } from '../../../components/key-value-editor'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { SETTINGS_FALLBACK_ERROR, useAdminSettings } from '../api/get-settings'
import { useSaveSettings } from '../api/save-settings'
import { fieldErrorsFrom } from '../../../lib/form'

/** Swagger UI over the OpenAPI document the server builds from the contract (decision 034). */
const API_DOCS_URL = '/api/docs'

/** /admin/settings: the site settings as a key-value map, plus a beta-password helper. */
export function SettingsPage() {
  const settings = useAdminSettings()
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="baseline">
        <Title order={1}>Settings</Title>
        {/* The admin menu is fixed by the spec, so the bug-report list and the API description
            (served by the server, outside the SPA) are reached from here. */}
        <Group gap="md">
          <Anchor component={Link} to="/admin/bugreports">
            Bug reports
          </Anchor>
          <Anchor href={API_DOCS_URL} target="_blank" rel="noopener">
            API documentation
          </Anchor>
        </Group>
      </Group>
      <QueryState query={settings} errorFallback={SETTINGS_FALLBACK_ERROR}>
        {(map) => <SettingsEditor initial={map} />}
      </QueryState>
    </Stack>
  )
}

function SettingsEditor({ initial }: { initial: Record<string, string> }) {
  const [rows, setRows] = useState<KeyValueRow[]>(() => rowsFromMap(initial))
  const [note, setNote] = useState<string | null>(null)
  const save = useSaveSettings()

  return (
    <Stack gap="lg">
      <BetaPasswordHelper
        rows={rows}
        onBetaKey={(betaKey) => {
          setRows((r) => setRow(r, 'betaKey', betaKey))
          setNote('betaKey is set from the password. Save the settings to apply it.')
        }}
      />
      <KeyValueEditor
        rows={rows}
        onChange={(next) => {
          setRows(next)
          if (save.isSuccess) save.reset()
        }}
        noun="setting"
        schema={SettingsMap}
        saving={save.isPending}
        errors={fieldErrorsFrom(save.error, 'settings.')}
        onSave={(map) => {
          setNote(null)
          save.mutate(map, { onSuccess: (res) => setRows(rowsFromMap(res.settings ?? map)) })
        }}
        status={
          <>
            <Banner type="info" message={note} onClose={() => setNote(null)} />
            <Banner message={save.isSuccess ? 'Settings saved.' : null} />
            <Banner
              type="error"
              message={save.isError ? errorMessage(save.error, 'Failed to save settings') : null}
            />
          </>
        }
      />
    </Stack>
  )
}

/** betaKey = SHA-256(password + testKey), worked out here so the password never leaves the browser. */
function BetaPasswordHelper({
  rows,
  onBetaKey,
}: {
  rows: KeyValueRow[]
  onBetaKey: (betaKey: string) => void
}) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const testKey = rows.find((r) => r.key === 'testKey')?.value.trim() ?? ''

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="beta-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="beta-heading">
          Beta gate
        </Title>
        <List size="sm" spacing={2}>
          <List.Item>
            <Code>inBeta</Code>: <Code>true</Code> asks every visitor for the beta password;{' '}
            <Code>false</Code> lets everyone in.
          </List.Item>
          <List.Item>
            <Code>testKey</Code>: a random value mixed into the password before hashing. Changing it
            invalidates the current password.
          </List.Item>
          <List.Item>
            <Code>betaKey</Code>: SHA-256 of password + testKey. Only the hash is stored; set it
            with the helper below.
          </List.Item>
        </List>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (!password) return setError('Enter the password')
            if (!testKey) return setError('Add a testKey setting first')
            setError(null)
            onBetaKey(betaKeyFor(password, testKey))
            setPassword('')
          }}
        >
          <Group align="flex-start" gap="sm">
            <PasswordInput
              label="New beta password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value)
                setError(null)
              }}
              error={error}
              autoComplete="new-password"
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" variant="light" mt={{ base: 0, sm: 25 }}>
              Set beta password
            </Button>
          </Group>
        </form>
        <Text size="xs" c="dimmed">
          The hash is computed in your browser and put in betaKey; nothing is sent until you save.
        </Text>
      </Stack>
    </Paper>
  )
}
