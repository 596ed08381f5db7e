import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AdminUser } from '@che/core'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { UsersPage } from './users-page'

const ME = makeProfile({ role: 'admin' })
const LUCIA = '00000000-0000-4000-8000-0000000000aa'

function account(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: LUCIA,
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    role: 'learner',
    disabled: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  }
}

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes([{ path: '/admin/users', element: <UsersPage /> }], '/admin/users', {
    auth: signedIn(),
    profile: ME,
  })

describe('UsersPage: roles', { timeout: 20_000 }, () => {
  it('makes a learner an editor, and shows the new role from the fetched list', async () => {
    let lucia = account({})
    const fetch = stubFetch({
      'GET /api/admin/users': () =>
        json([account({ id: ME.id, name: ME.name, email: ME.email, role: 'admin' }), lucia]),
      [`POST /api/admin/users/${LUCIA}/role`]: (_url, init) => {
        lucia = { ...lucia, ...JSON.parse(String(init?.body)) }
        return json(lucia)
      },
    })
    mount()
    const select = await screen.findByRole('combobox', { name: 'Role of lucia@example.com' })
    expect(select).toHaveValue('learner')
    // The admin's own role is not a choice here: nobody can lock themselves out.
    expect(screen.queryByRole('combobox', { name: `Role of ${ME.email}` })).toBeNull()
    const myRow = screen.getByRole('row', { name: new RegExp(ME.email) })
    expect(within(myRow).getByRole('cell', { name: 'Admin' })).toBeInTheDocument()

    await userEvent.selectOptions(select, 'Editor')
    await waitFor(() =>
      expect(callsTo(fetch, `POST /api/admin/users/${LUCIA}/role`)).toHaveLength(1),
    )
    expect(
      JSON.parse(String(callsTo(fetch, `POST /api/admin/users/${LUCIA}/role`)[0]?.body)),
    ).toEqual({ role: 'editor' })
    await waitFor(() => expect(callsTo(fetch, 'GET /api/admin/users')).toHaveLength(2))
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of lucia@example.com' })).toHaveValue(
        'editor',
      ),
    )
  })

  it('says why the server kept the role, and shows the role it kept', async () => {
    stubFetch({
      'GET /api/admin/users': () => json([account({ role: 'admin', email: 'jefa@example.com' })]),
      [`POST /api/admin/users/${LUCIA}/role`]: () =>
        json(
          {
            code: 'CONFLICT',
            message:
              'jefa@example.com is in ADMIN_EMAILS, so it would be admin again at its next sign-in: remove it there first',
          },
          409,
        ),
    })
    mount()
    const select = await screen.findByRole('combobox', { name: 'Role of jefa@example.com' })
    await userEvent.selectOptions(select, 'Learner')
    await screen.findByText(/is in ADMIN_EMAILS, so it would be admin again/)
    await waitFor(() => expect(select).toHaveValue('admin'))
  })
})

describe('UsersPage on a phone', { timeout: 20_000 }, () => {
  // At 390 px the five-column table scrolled sideways inside a box: the actions were off screen.
  it('shows each account as a card with its role, status and actions, and no table', async () => {
    const desktop = window.matchMedia
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...desktop(query),
      matches: query === '(max-width: 48em)',
    }))
    const fetch = stubFetch({
      'GET /api/admin/users': () =>
        json([account({ id: ME.id, name: ME.name, email: ME.email, role: 'admin' }), account({})]),
      [`POST /api/admin/users/${LUCIA}/disable`]: () => json(account({ disabled: true })),
    })
    mount()
    const list = await screen.findByRole('list', { name: 'Accounts' })
    expect(screen.queryByRole('table')).toBeNull()
    const [mine, lucia] = within(list).getAllByRole('listitem')
    expect(within(mine!).getByText('You')).toBeInTheDocument()
    expect(within(lucia!).getByText('lucia@example.com')).toBeInTheDocument()
    expect(within(lucia!).getByText('Active')).toBeInTheDocument()
    expect(within(lucia!).getByRole('combobox', { name: 'Role of lucia@example.com' })).toHaveValue(
      'learner',
    )
    await userEvent.click(within(lucia!).getByRole('button', { name: 'Disable lucia@example.com' }))
    await waitFor(() =>
      expect(callsTo(fetch, `POST /api/admin/users/${LUCIA}/disable`)).toHaveLength(1),
    )
  })
})

describe('UsersPage: disable and delete', { timeout: 20_000 }, () => {
  // The pressed button is disabled while the call runs and gone after a delete: focus went to
  // the page; the message saying what happened takes it.
  it('says what it did, with focus on the message, and the deleted account leaves the list', async () => {
    const user = userEvent.setup()
    let list = [account({ id: ME.id, name: ME.name, email: ME.email, role: 'admin' }), account({})]
    const fetch = stubFetch({
      'GET /api/admin/users': () => json(list),
      [`POST /api/admin/users/${LUCIA}/disable`]: () => {
        list = [list[0]!, account({ disabled: true })]
        return json(list[1])
      },
      [`POST /api/admin/users/${LUCIA}/delete`]: () => {
        list = [list[0]!]
        return json({ ok: true })
      },
    })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Disable lucia@example.com' }))
    const disabled = await screen.findByText(
      'lucia@example.com is disabled and signed out everywhere.',
    )
    expect(disabled.closest('[role="status"]')).toHaveFocus()
    expect(await screen.findByRole('button', { name: 'Enable lucia@example.com' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Delete lucia@example.com' }))
    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const deleted = await screen.findByText(
      'lucia@example.com is deleted, with their progress, reviews and reports.',
    )
    await waitFor(() => expect(deleted.closest('[role="status"]')).toHaveFocus())
    expect(callsTo(fetch, `POST /api/admin/users/${LUCIA}/delete`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByText('lucia@example.com')).toBeNull())
  })
})
