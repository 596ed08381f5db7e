import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AccountPage } from '../features/account/account-page'
import { makeProfile, renderRoutes, signedIn } from '../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { Header } from './header'

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes(
    [
      {
        path: '/app/account',
        element: (
          <>
            <header>
              <Header />
            </header>
            <AccountPage />
          </>
        ),
      },
    ],
    '/app/account',
    { auth: signedIn(), profile: makeProfile({ name: 'Ana García' }) },
  )

// The header and the account page are two features' screens meeting in the app shell.
describe('changing one’s name on the account page', { timeout: 30_000 }, () => {
  it('saves the new name with embedded sign-in, and the header’s avatar follows', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/account': () =>
        json({ passwordManagedHere: true, nameManagedHere: true, adminSetupPending: false }),
      'POST /api/account/name': (_url, init) => {
        const { name } = JSON.parse(String(init?.body)) as { name: string }
        return json(makeProfile({ name }))
      },
    })
    mount()
    const header = screen.getByRole('banner')
    expect(within(header).getByText('AG')).toBeInTheDocument()
    const field = await screen.findByLabelText(/Your name/)
    expect(field).toHaveValue('Ana García')
    // The account's address comes before the name's form, not under its Save button.
    expect(
      screen.getByTestId('account-email').compareDocumentPosition(field) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(screen.getByTestId('account-email')).toHaveTextContent('ana@example.com')
    const save = screen.getByRole('button', { name: 'Save name' })
    expect(save).toBeDisabled()
    await user.clear(field)
    await user.type(field, '  Vera Paz ')
    await user.click(save)
    expect(await screen.findByText('Your name is changed.')).toBeInTheDocument()
    expect(
      callsTo(fetchMock, 'POST /api/account/name').map((c) => JSON.parse(String(c?.body))),
    ).toEqual([{ name: 'Vera Paz' }])
    expect(within(header).getByText('VP')).toBeInTheDocument()
    expect(field).toHaveValue('Vera Paz')
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled()
  })

  it('refuses a blank name under the field and sends nothing', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/account': () =>
        json({ passwordManagedHere: true, nameManagedHere: true, adminSetupPending: false }),
    })
    mount()
    const field = await screen.findByLabelText(/Your name/)
    await user.clear(field)
    await user.type(field, '   {Enter}')
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter your name'))
    expect(callsTo(fetchMock, 'POST /api/account/name')).toHaveLength(0)
  })

  it('says the name comes from the identity provider, with nothing to edit, when it does', async () => {
    stubFetch({
      'GET /api/account': () =>
        json({ passwordManagedHere: false, nameManagedHere: false, adminSetupPending: false }),
    })
    mount()
    expect(
      await screen.findByText(
        'Your name comes from your identity provider. Change it there: it shows here from your next sign-in.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Ana García', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/Your name/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save name' })).toBeNull()
  })
})
