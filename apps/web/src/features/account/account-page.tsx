import {
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import {
  api,
  DELETE_CONFIRMATION,
  NameChange,
  PasswordChange,
  type AccountInfo,
  type UserProfile,
} from '@che/core'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Banner } from '../../components/banner'
import { QueryState } from '../../components/query-state'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'
import { bodySchema, contractResolver, errorAboveButton, fieldErrorsFrom } from '../../lib/form'
import { NAME_FALLBACK_ERROR, useChangeName } from './api/change-name'
import { PASSWORD_FALLBACK_ERROR, useChangePassword } from './api/change-password'
import { CLAIM_FALLBACK_ERROR, useClaimAdmin } from './api/claim-admin'
import { rememberAccountDeleted } from '../../lib/account-deleted'
import { DELETE_FALLBACK_ERROR, useDeleteAccount } from './api/delete-account'
import { EXPORT_FALLBACK_ERROR, useExportData } from './api/export-data'
import { ACCOUNT_FALLBACK_ERROR, useAccountInfo } from './api/get-account'

const NAME_CHANGED = 'Your name is changed.'
const NAME_FROM_PROVIDER =
  'Your name comes from your identity provider. Change it there: it shows here from your next sign-in.'

/**
 * The name shown in the header and on reports. Embedded sign-in keeps it here, so it can be
 * changed here (checked with the contract's NameChange); an external provider's claims set it at
 * every sign-in, so the page says where to change it instead of offering an edit that would be
 * overwritten.
 */
function ProfileSection({ profile, info }: { profile: UserProfile; info: AccountInfo }) {
  const change = useChangeName()
  const form = useForm({
    initialValues: { name: profile.name },
    validate: contractResolver(NameChange),
  })
  const submit = form.onSubmit((values) =>
    change.mutate(
      { name: values.name.trim() },
      {
        onSuccess: (saved) => form.setValues({ name: saved.name }),
        onError: (error) => form.setErrors(fieldErrorsFrom(error)),
      },
    ),
  )
  const typed = form.values.name.trim()
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="profile-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="profile-title">
          Profile
        </Title>
        {/* The address first: it identifies the account, and stays clear of the name's Save button. */}
        <Text c="dimmed" data-testid="account-email">
          {profile.email}
        </Text>
        {info.nameManagedHere ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Your name"
                description="Shown in the header, beside the menu."
                autoComplete="name"
                maw={400}
                {...form.getInputProps('name')}
                onChange={(event) => {
                  change.reset()
                  form.getInputProps('name').onChange(event)
                }}
                required
              />
              <Banner type="error" message={errorAboveButton(change.error, NAME_FALLBACK_ERROR)} />
              <Banner message={change.isSuccess ? NAME_CHANGED : null} takeFocus />
              <Group>
                <Button type="submit" loading={change.isPending} disabled={typed === profile.name}>
                  Save name
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap={4}>
            <Text>{profile.name}</Text>
            <Text size="sm" c="dimmed" data-testid="name-from-provider">
              {NAME_FROM_PROVIDER}
            </Text>
          </Stack>
        )}
        {profile.role === 'admin' ? (
          <Anchor component={Link} to="/admin/users" size="sm">
            Manage accounts
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** Checked with the contract's PasswordChange; the password policy itself is the server's. */
function PasswordSection() {
  const change = useChangePassword()
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: contractResolver(PasswordChange),
  })
  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setErrors(fieldErrorsFrom(error)),
    }),
  )
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="password-title">
            Change your password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
            required
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters, and not a common or easily guessed password."
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
            required
          />
          <Banner type="error" message={errorAboveButton(change.error, PASSWORD_FALLBACK_ERROR)} />
          <Banner
            message={
              change.isSuccess
                ? 'Your password is changed. Your other devices are signed out; sign in there with the new password.'
                : null
            }
            takeFocus
          />
          <Group>
            <Button
              type="submit"
              loading={change.isPending}
              disabled={!form.values.currentPassword || !form.values.newPassword}
            >
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function DataSection() {
  const exportData = useExportData()
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="data-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="data-title">
          Your data
        </Title>
        <Text size="sm">
          Download everything Che Idioms keeps about you as one JSON file: your profile, your
          progress and review history, your reports and the bug reports you filed.
        </Text>
        <Banner
          type="error"
          message={
            exportData.isError ? errorMessage(exportData.error, EXPORT_FALLBACK_ERROR) : null
          }
        />
        <Group>
          <Button
            variant="default"
            onClick={() => exportData.mutate()}
            loading={exportData.isPending}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

function DeleteSection() {
  const remove = useDeleteAccount()
  const { logout } = useAuth()
  const [typed, setTyped] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    remove.mutate(undefined, {
      onSuccess: () => {
        rememberAccountDeleted()
        void logout()
      },
    })
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="delete-title">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h3" id="delete-title">
            Delete your account
          </Title>
          <Text size="sm">
            This deletes your account, your progress, review history and reports at once, and cannot
            be undone. Bug reports you filed stay, without your name. Download your data first if
            you want to keep it.
          </Text>
          <TextInput
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            maw={320}
          />
          <Banner
            type="error"
            message={remove.isError ? errorMessage(remove.error, DELETE_FALLBACK_ERROR) : null}
          />
          <Group>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={typed !== DELETE_CONFIRMATION}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

/** The set-up code is checked with the contract's adminSetup body before it is sent. */
function AdminSetupSection() {
  const claim = useClaimAdmin()
  const form = useForm({
    initialValues: { code: '' },
    validate: contractResolver(bodySchema(api.adminSetup)),
  })
  const submit = form.onSubmit(({ code }) =>
    claim.mutate(code, { onError: (error) => form.setErrors(fieldErrorsFrom(error)) }),
  )
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="setup-title">
            Set up this install
          </Title>
          <Text size="sm">
            Nobody is an administrator yet. Enter the one-time set-up code that the server printed
            when it started to become the first one.
          </Text>
          <TextInput
            label="Set-up code"
            autoComplete="off"
            {...form.getInputProps('code')}
            spellCheck={false}
            maw={320}
          />
          <Banner type="error" message={errorAboveButton(claim.error, CLAIM_FALLBACK_ERROR)} />
          <Group>
            <Button type="submit" loading={claim.isPending} disabled={!form.values.code.trim()}>
              Become admin
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function AccountSections({ profile, info }: { profile: UserProfile; info: AccountInfo }) {
  return (
    <Stack gap="lg" maw={640}>
      <ProfileSection profile={profile} info={info} />
      {info.adminSetupPending ? <AdminSetupSection /> : null}
      {info.passwordManagedHere ? <PasswordSection /> : null}
      <DataSection />
      <DeleteSection />
    </Stack>
  )
}

/**
 * /app/account: name, password, "download my data" and deleting the account (linked from
 * Preferences).
 */
export function AccountPage() {
  const profile = useProfile()
  const info = useAccountInfo()
  return (
    <Stack gap="lg">
      <Title order={1}>Account</Title>
      <QueryState query={profile} errorFallback={PROFILE_FALLBACK_ERROR}>
        {(p) => (
          <QueryState query={info} errorFallback={ACCOUNT_FALLBACK_ERROR}>
            {(i) => <AccountSections profile={p} info={i} />}
          </QueryState>
        )}
      </QueryState>
    </Stack>
  )
}
