import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DELETE_CONFIRMATION } from '@che/core'
import { accountJustDeleted } from '../../lib/account-deleted'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'
import { AccountPage } from './account-page'

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes([{ path: '/app/account', element: <AccountPage /> }], '/app/account', {
    auth: signedIn(),
    profile: makeProfile(),
  })

const account = () =>
  json({ passwordManagedHere: true, nameManagedHere: true, adminSetupPending: false })

describe('AccountPage password form', { timeout: 30_000 }, () => {
  it("refuses a password over the contract's 1,000 characters, under the field", async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/account': account })
    mount()
    const current = await screen.findByLabelText(/Current password/)
    await user.click(current)
    await user.paste('x'.repeat(1_001))
    await user.type(screen.getByLabelText(/New password/), 'a new one')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(current).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=1000 characters'),
    )
    expect(callsTo(fetchMock, 'POST /api/account/password')).toHaveLength(0)
  })

  it("shows the server's refusal of one field under that field, not above the button", async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/account': account,
      'POST /api/account/password': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'The current password is wrong',
            details: [{ field: 'currentPassword', message: 'The current password is wrong' }],
          },
          400,
        ),
    })
    mount()
    await user.type(await screen.findByLabelText(/Current password/), 'nope')
    await user.type(screen.getByLabelText(/New password/), 'a much better one')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument()
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription(
      'The current password is wrong',
    )
    expect(screen.getAllByText('The current password is wrong')).toHaveLength(1)
  })
})

describe('AccountPage password visibility', { timeout: 30_000 }, () => {
  it('lets a keyboard user reveal each password with Tab and Space, in the form order', async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/account': account })
    mount()
    const current = await screen.findByLabelText(/Current password/)
    // Each field is still the only element its label names (the toggles do not repeat it).
    expect(screen.getAllByLabelText(/Current password/)).toEqual([current])
    expect(screen.getAllByLabelText(/New password/)).toHaveLength(1)
    const [showCurrent, showNew] = screen.getAllByRole('button', { name: 'Show password' })
    await user.click(current)
    await user.keyboard('secret one')
    await user.tab()
    expect(showCurrent).toHaveFocus()
    expect(showCurrent).toHaveAttribute('aria-pressed', 'false')
    expect(current).toHaveAttribute('type', 'password')
    await user.keyboard(' ')
    expect(current).toHaveAttribute('type', 'text')
    expect(current).toHaveValue('secret one')
    expect(showCurrent).toHaveAttribute('aria-pressed', 'true')
    await user.keyboard('{Enter}')
    expect(current).toHaveAttribute('type', 'password')
    await user.tab()
    expect(screen.getByLabelText(/New password/)).toHaveFocus()
    await user.tab()
    expect(showNew).toHaveFocus()
  })
})

describe('AccountPage keeps keyboard focus after saving', { timeout: 30_000 }, () => {
  // The Save / Change button is disabled by its own success (nothing left to save), which
  // dropped focus on the page; the success message takes it instead.
  it('moves focus to the message once the name is saved and once the password is changed', async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/account': account,
      'POST /api/account/name': () => json(makeProfile({ name: 'Ana G.' })),
      'POST /api/account/password': () => json({ ok: true }),
    })
    mount()
    const name = await screen.findByLabelText(/Your name/)
    await user.clear(name)
    await user.type(name, 'Ana G.{Enter}')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/name/i))
    expect(screen.getByRole('status')).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled()

    await user.type(screen.getByLabelText(/Current password/), 'the old one')
    await user.type(screen.getByLabelText(/New password/), 'a much better one{Enter}')
    const changed = await screen.findByText(/Your password is changed/)
    expect(changed.closest('[role="status"]')).toHaveFocus()
  })
})

describe('AccountPage set-up code form', { timeout: 30_000 }, () => {
  it("refuses a code over the contract's 100 characters, under the field", async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/account': () =>
        json({ passwordManagedHere: true, nameManagedHere: true, adminSetupPending: true }),
    })
    mount()
    const code = await screen.findByLabelText(/Set-up code/)
    await user.click(code)
    await user.paste('x'.repeat(101))
    await user.click(screen.getByRole('button', { name: 'Become admin' }))
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=100 characters'),
    )
    expect(callsTo(fetchMock, 'POST /api/setup/admin')).toHaveLength(0)
  })
})

describe('AccountPage delete section', { timeout: 30_000 }, () => {
  afterEach(() => sessionStorage.clear())

  it('signs out once the account is deleted, and leaves word for the landing page', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/account': account,
      'POST /api/account/delete': () => json({ ok: true }),
    })
    const logout = vi.fn(async () => {})
    renderRoutes([{ path: '/app/account', element: <AccountPage /> }], '/app/account', {
      auth: signedIn({ logout }),
      profile: makeProfile(),
    })
    const button = await screen.findByRole('button', { name: 'Delete my account' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(`Type ${DELETE_CONFIRMATION} to confirm`), 'DELETE')
    await user.click(button)
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1))
    expect(callsTo(fetchMock, 'POST /api/account/delete')).toHaveLength(1)
    expect(accountJustDeleted()).toBe(true)
  })

  it('stays signed in, says why and leaves no word when the server refuses', async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/account': account,
      'POST /api/account/delete': () =>
        json({ code: 'INTERNAL', message: 'Something went wrong' }, 500),
    })
    const logout = vi.fn(async () => {})
    renderRoutes([{ path: '/app/account', element: <AccountPage /> }], '/app/account', {
      auth: signedIn({ logout }),
      profile: makeProfile(),
    })
    await user.type(
      await screen.findByLabelText(`Type ${DELETE_CONFIRMATION} to confirm`),
      'DELETE',
    )
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    expect(logout).not.toHaveBeenCalled()
    expect(accountJustDeleted()).toBe(false)
  })
})
