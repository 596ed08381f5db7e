import { Badge, Button, Group, Modal, NativeSelect, Stack, Table, Text, Title } from '@mantine/core'
import { ROLES, type AdminUser, type Role } from '@che/core'
import { useState } from 'react'
import { Banner } from '../../../components/banner'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { useProfile } from '../../../lib/auth/profile'
import { USERS_FALLBACK_ERROR, useUsers } from './api/get-users'
import { ROLE_FALLBACK_ERROR, useSetRole } from './api/set-role'
import { ACTION_FALLBACK_ERROR, useUserAction, type UserAction } from './api/user-action'

const ROLE_LABEL: Record<Role, string> = { learner: 'Learner', editor: 'Editor', admin: 'Admin' }

/** /admin/users: roles; disable, re-enable or delete accounts (reached from the account page). */
export function UsersPage() {
  const users = useUsers()
  const me = useProfile().data
  const action = useUserAction()
  const setRole = useSetRole()
  const [toDelete, setToDelete] = useState<AdminUser | undefined>()
  const run = (user: AdminUser, what: UserAction) => {
    setRole.reset()
    action.mutate({ id: user.id, action: what })
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
      <QueryState query={users} errorFallback={USERS_FALLBACK_ERROR}>
        {(list) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
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
                  const self = user.id === me?.id
                  const busy = action.isPending && action.variables.id === user.id
                  return (
                    <Table.Tr key={user.id}>
                      <Table.Td>{user.name || '—'}</Table.Td>
                      <Table.Td>{user.email || '—'}</Table.Td>
                      <Table.Td>
                        {self ? (
                          ROLE_LABEL[user.role]
                        ) : (
                          <NativeSelect
                            size="xs"
                            aria-label={`Role of ${user.email || user.name}`}
                            value={user.role}
                            disabled={setRole.isPending && setRole.variables.id === user.id}
                            data={ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
                            onChange={(event) => {
                              action.reset()
                              setRole.mutate({
                                id: user.id,
                                role: event.currentTarget.value as Role,
                              })
                            }}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        {user.disabled ? (
                          <Badge color="red">Disabled</Badge>
                        ) : (
                          <Badge>Active</Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {self ? (
                          <Text size="sm" c="dimmed">
                            You
                          </Text>
                        ) : (
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              loading={busy}
                              onClick={() => run(user, user.disabled ? 'enable' : 'disable')}
                              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email || user.name}`}
                            >
                              {user.disabled ? 'Enable' : 'Disable'}
                            </Button>
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              onClick={() => setToDelete(user)}
                              aria-label={`Delete ${user.email || user.name}`}
                            >
                              Delete
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
