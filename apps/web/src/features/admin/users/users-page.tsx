import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { ROLES, type AdminUser, type Role } from '@che/core'
import { useState } from 'react'
import { Banner } from '../../../components/banner'
import { PlainList } from '../../../components/plain-list'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { useProfile } from '../../../lib/auth/profile'
import { USERS_FALLBACK_ERROR, useUsers } from './api/get-users'
import { ROLE_FALLBACK_ERROR, useSetRole } from './api/set-role'
import { ACTION_FALLBACK_ERROR, useUserAction, type UserAction } from './api/user-action'

const ROLE_LABEL: Record<Role, string> = { learner: 'Learner', editor: 'Editor', admin: 'Admin' }

const DONE: Record<UserAction, (who: string) => string> = {
  disable: (who) => `${who} is disabled and signed out everywhere.`,
  enable: (who) => `${who} is enabled again and can sign in.`,
  delete: (who) => `${who} is deleted, with their progress, reviews and reports.`,
}

/** /admin/users: roles; disable, re-enable or delete accounts (reached from the account page). */
export function UsersPage() {
  const users = useUsers()
  const me = useProfile().data
  const action = useUserAction()
  const setRole = useSetRole()
  const [toDelete, setToDelete] = useState<AdminUser | undefined>()
  const narrow = useMediaQuery('(max-width: 48em)') ?? false
  // What the last action did; the message takes focus, since the button pressed is disabled
  // while it runs (and gone after a delete).
  const [done, setDone] = useState<string | null>(null)
  const run = (user: AdminUser, what: UserAction) => {
    setRole.reset()
    setDone(null)
    action.mutate(
      { id: user.id, action: what },
      { onSuccess: () => setDone(DONE[what](user.email || user.name)) },
    )
  }
  return (
    <Stack gap="lg">
      <Title order={1}>Accounts</Title>
      <Text c="dimmed" maw={720}>
        An editor records audio for the idioms assigned to them; an admin can do everything. A new
        role counts from the account's next request. A disabled account is refused from its next
        request and signed out everywhere; enabling it lets it sign in again. Deleting removes the
        account and its progress, reviews and reports for good.
      </Text>
      <Banner
        type="error"
        message={
          action.isError
            ? errorMessage(action.error, ACTION_FALLBACK_ERROR[action.variables.action])
            : setRole.isError
              ? errorMessage(setRole.error, ROLE_FALLBACK_ERROR)
              : null
        }
      />
      <Banner message={done} takeFocus onClose={() => setDone(null)} />
      <QueryState query={users} errorFallback={USERS_FALLBACK_ERROR}>
        {(list) => {
          const rowOf = (user: AdminUser) => {
            const self = user.id === me?.id
            const who = user.email || user.name
            const role = self ? (
              ROLE_LABEL[user.role]
            ) : (
              <NativeSelect
                size="xs"
                aria-label={`Role of ${who}`}
                value={user.role}
                disabled={setRole.isPending && setRole.variables.id === user.id}
                data={ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
                onChange={(event) => {
                  action.reset()
                  setDone(null)
                  setRole.mutate({ id: user.id, role: event.currentTarget.value as Role })
                }}
              />
            )
            const status = user.disabled ? (
              <Badge color="red">Disabled</Badge>
            ) : (
              <Badge>Active</Badge>
            )
            const actions = self ? (
              <Text size="sm" c="dimmed">
                You
              </Text>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  loading={action.isPending && action.variables.id === user.id}
                  onClick={() => run(user, user.disabled ? 'enable' : 'disable')}
                  aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${who}`}
                >
                  {user.disabled ? 'Enable' : 'Disable'}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => setToDelete(user)}
                  aria-label={`Delete ${who}`}
                >
                  Delete
                </Button>
              </Group>
            )
            return { role, status, actions }
          }
          // On a phone each account is a card (name, e-mail, then its controls), not a table
          // that scrolls sideways inside a box.
          return narrow ? (
            <PlainList label="Accounts">
              {list.map((user) => {
                const row = rowOf(user)
                return (
                  <Paper key={user.id} component="li" withBorder radius="md" p="sm">
                    <Stack gap={6}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          {user.name || '—'}
                        </Text>
                        {row.status}
                      </Group>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {user.email || '—'}
                      </Text>
                      <Group gap="sm" justify="space-between">
                        {row.role}
                        {row.actions}
                      </Group>
                    </Stack>
                  </Paper>
                )
              })}
            </PlainList>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label="Accounts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((user) => {
                    const row = rowOf(user)
                    return (
                      <Table.Tr key={user.id}>
                        <Table.Td>{user.name || '—'}</Table.Td>
                        <Table.Td>{user.email || '—'}</Table.Td>
                        <Table.Td>{row.role}</Table.Td>
                        <Table.Td>{row.status}</Table.Td>
                        <Table.Td>{row.actions}</Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }}
      </QueryState>
      <Modal
        opened={toDelete !== undefined}
        onClose={() => setToDelete(undefined)}
        title="Delete this account?"
      >
        <Stack gap="md">
          <Text>
            {toDelete?.name} ({toDelete?.email}) and their progress, reviews and reports will be
            deleted for good. Their bug reports stay, without their name.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(undefined)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (toDelete) run(toDelete, 'delete')
                setToDelete(undefined)
              }}
            >
              Delete account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
