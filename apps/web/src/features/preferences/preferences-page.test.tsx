import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TONE_DESCRIPTIONS, TONES } from '@che/core'
import type { UserProfile } from '@che/core'
import { describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { callKey } from '../../lib/query-keys'
import { makeProfile, renderRoutes, signedIn, testQueryClient } from '../../test-utils'
import { json } from '../../test/fixtures'
import { mergePreferences } from './api/update-preferences'
import { PreferencesPage } from './preferences-page'

const PROFILE_KEY = callKey('usersSync')

const fetchMock = mockFetchForEachTest({ token: 't' })

const tones = TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))

/** A server whose preferences call waits until the test lets it answer (or fail). */
function server(profile: UserProfile, fail = false) {
  const sent: unknown[] = []
  let answer: () => void = () => {}
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (url === '/api/idioms/tones') return json(tones)
    if (url === '/api/users/preferences') {
      const body = JSON.parse(String(init?.body)) as { preferences: { filter?: object } }
      sent.push(body)
      await new Promise<void>((r) => (answer = r))
      if (fail) return json({ code: 'INTERNAL', message: 'Could not save preferences' }, 500)
      return json(mergePreferences(profile, body.preferences))
    }
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404)
  })
  return { sent, answer: () => answer() }
}

function mount(profile: UserProfile) {
  const queryClient = testQueryClient()
  // In a router: the page links to the account page.
  renderRoutes([{ path: '/app/preferences', element: <PreferencesPage /> }], '/app/preferences', {
    auth: signedIn(),
    profile,
    queryClient,
  })
  return queryClient
}

const start = makeProfile({
  preferences: {
    filter: { usage: 'common', tone: 'Street' },
    getNextExample: '',
    offlineExercises: 20,
  },
})

describe('PreferencesPage', () => {
  it('links to the account page (password, data download, deletion)', async () => {
    server(start)
    mount(start)
    expect(await screen.findByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/app/account',
    )
  })

  it('shows the four usage bands with their ranges plus All, and the tones with descriptions', async () => {
    const user = userEvent.setup()
    server(start)
    mount(start)
    const usage = screen.getByRole('radiogroup', { name: /Usage/ })
    expect(
      within(usage)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.parentElement?.textContent),
    ).toEqual(['Super common (8–10)', 'Common (5–7)', 'Uncommon (3–4)', 'Super rare (1–2)', 'All'])
    expect(within(usage).getByRole('radio', { name: 'Common (5–7)' })).toBeChecked()
    const tone = await screen.findByRole('combobox', { name: /Tone/ })
    expect(tone).toHaveValue('Street')
    expect(screen.getByTestId('tone-description')).toHaveTextContent(TONE_DESCRIPTIONS.Street)
    await user.click(tone)
    const listbox = document.getElementById(tone.getAttribute('aria-controls')!)!
    const options = within(listbox).getAllByRole('option', { hidden: true })
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['', ...TONES])
    expect(within(listbox).getByText(TONE_DESCRIPTIONS.Official)).toBeInTheDocument()
    expect(screen.queryByLabelText(/Next Example/)).toBeNull()
  })

  it('applies a change at once, merges it into the filter and keeps the server answer', async () => {
    const user = userEvent.setup()
    const { sent, answer } = server(start)
    const queryClient = mount(start)
    await user.click(screen.getByRole('radio', { name: 'Super rare (1–2)' }))
    // Optimistic: the profile already has the new filter, the tone untouched.
    expect(queryClient.getQueryData<UserProfile>(PROFILE_KEY)?.preferences.filter).toEqual({
      usage: 'super_rare',
      tone: 'Street',
    })
    expect(screen.getByRole('radio', { name: 'Super rare (1–2)' })).toBeChecked()
    await waitFor(() =>
      expect(sent).toEqual([{ preferences: { filter: { usage: 'super_rare' } } }]),
    )
    answer()
    await screen.findByText('Saved.')
    expect(queryClient.getQueryData<UserProfile>(PROFILE_KEY)?.preferences.filter).toEqual({
      usage: 'super_rare',
      tone: 'Street',
    })
  })

  it('rolls the change back and shows the error when the server refuses it', async () => {
    const user = userEvent.setup()
    const { answer } = server(start, true)
    const queryClient = mount(start)
    const tone = await screen.findByRole('combobox', { name: /Tone/ })
    await user.click(tone)
    const listbox = document.getElementById(tone.getAttribute('aria-controls')!)!
    await user.click(within(listbox).getByRole('option', { name: /^All/, hidden: true }))
    expect(queryClient.getQueryData<UserProfile>(PROFILE_KEY)?.preferences.filter.tone).toBe('')
    answer()
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save preferences')
    expect(queryClient.getQueryData<UserProfile>(PROFILE_KEY)?.preferences.filter).toEqual({
      usage: 'common',
      tone: 'Street',
    })
    expect(screen.getByRole('combobox', { name: /Tone/ })).toHaveValue('Street')
  })

  it('gives an admin the Next Example field, saved on Enter', async () => {
    const user = userEvent.setup()
    const admin = makeProfile({ role: 'admin' })
    const { sent, answer } = server(admin)
    mount(admin)
    const field = screen.getByLabelText(/Next Example/)
    await user.type(field, '11111111-1111-4111-8111-111111111111{Enter}')
    await waitFor(() =>
      expect(sent).toEqual([
        { preferences: { getNextExample: '11111111-1111-4111-8111-111111111111' } },
      ]),
    )
    answer()
    await screen.findByText('Saved.')
  })
})
