import { Notifications, notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TONE_DESCRIPTIONS, TONES } from '@che/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../lib/query-client'
import { renderRoutes } from '../../../test-utils'
import {
  callsTo,
  configureApiClientForEachTest,
  IDIOM_ID,
  json,
  makeIdiom,
  stubFetch,
} from '../test/fetch-stub'
import { IdiomDetailPage } from './idiom-detail-page'

const tones = TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))

configureApiClientForEachTest({ token: null })

/** The detail page of `idiom` (one with meanings and literals); every save answers it back. */
function renderDetail(
  idiom: object = makeIdiom({ meanings: ['be in trouble'], literals: ['be in the oven'] }),
) {
  const fetch = stubFetch({
    [`GET /api/idiom/${IDIOM_ID}`]: () => json(idiom),
    [`GET /api/example/idiom/${IDIOM_ID}`]: () => json([]),
    'GET /api/idioms/tones': () => json(tones),
    'POST /api/admin/idiom/update': () => json(idiom),
  })
  renderRoutes(
    [{ path: '/admin/idioms/:idiomId', element: <IdiomDetailPage /> }],
    `/admin/idioms/${IDIOM_ID}`,
  )
  return fetch
}

async function saved(fetch: ReturnType<typeof stubFetch>) {
  await waitFor(() => expect(callsTo(fetch, 'POST /api/admin/idiom/update')).toHaveLength(1))
  return JSON.parse(String(callsTo(fetch, 'POST /api/admin/idiom/update')[0]!.body))
}

describe('IdiomDetailPage', { timeout: 20_000 }, () => {
  it('saves the meanings an admin changed in the form', async () => {
    const user = userEvent.setup()
    const fetch = renderDetail()
    await user.click(await screen.findByRole('button', { name: 'Edit idiom' }))
    const meanings = screen.getByRole('textbox', { name: /Meanings in English/ })
    expect(meanings).toHaveValue('be in trouble')
    await user.type(meanings, '{End}{Enter}be in hot water')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await saved(fetch)).toEqual({
      idiomId: IDIOM_ID,
      meanings: ['be in trouble', 'be in hot water'],
    })
  })

  it('leaves the lists out of a save that changed only the translation', async () => {
    const user = userEvent.setup()
    const fetch = renderDetail()
    await user.click(await screen.findByRole('button', { name: 'Edit idiom' }))
    const translation = screen.getByRole('textbox', { name: /Translation/ })
    await user.clear(translation)
    await user.type(translation, 'To be toast')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await saved(fetch)).toEqual({ idiomId: IDIOM_ID, translation: 'To be toast' })
  })
})

describe('IdiomDetailPage: an idiom’s senses (decision 067)', { timeout: 20_000 }, () => {
  it('shows each sense, named by its first phrase, and saves only the senses an admin changed', async () => {
    const user = userEvent.setup()
    const idiom = makeIdiom({
      text: 'Estar en bolas',
      meanings: [],
      senses: [
        ['be clueless', 'have no idea'],
        ['be stark naked', 'be in the buff'],
      ],
    })
    const fetch = renderDetail(idiom)
    const senses = await screen.findByRole('region', { name: '2 senses' })
    expect(
      within(senses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['be clueless · have no idea', 'be stark naked · be in the buff'])

    await user.click(screen.getByRole('button', { name: 'Edit idiom' }))
    const second = screen.getByRole('textbox', { name: /Sense 2/ })
    expect(second).toHaveValue('be stark naked\nbe in the buff')
    await user.click(second)
    await user.paste('\nbe in the nude')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await saved(fetch)).toEqual({
      idiomId: IDIOM_ID,
      senses: [
        ['be clueless', 'have no idea'],
        ['be stark naked', 'be in the buff', 'be in the nude'],
      ],
    })
  })
})

describe('IdiomDetailPage: restoring the library’s lists (decision 065)', {
  timeout: 20_000,
}, () => {
  // Mantine's notification store outlives a test's DOM.
  beforeEach(() => notifications.clean())
  const edited = makeIdiom({
    meanings: ['be in trouble (admin)'],
    literals: [],
    listsOrigin: 'edited',
  })
  const library = makeIdiom({
    meanings: ['be in trouble', 'be in hot water', 'be in a jam'],
    literals: ['be in the oven'],
    listsOrigin: 'library',
  })

  /** The page of `idiom`; the restore answers `restoreAnswer` and the idiom reads `library` after it. */
  function renderPage(idiom: object, restoreAnswer: () => Response = () => json(library)) {
    let current = idiom
    const fetch = stubFetch({
      [`GET /api/idiom/${IDIOM_ID}`]: () => json(current),
      [`GET /api/example/idiom/${IDIOM_ID}`]: () => json([]),
      'POST /api/admin/idiom/restore-lists': () => {
        const res = restoreAnswer()
        if (res.ok) current = library
        return res
      },
    })
    renderRoutes(
      [
        {
          path: '/admin/idioms/:idiomId',
          element: (
            <>
              <Notifications />
              <IdiomDetailPage />
            </>
          ),
        },
      ],
      `/admin/idioms/${IDIOM_ID}`,
      // The app's client: a failed mutation shows the app's error notification.
      { queryClient: createQueryClient() },
    )
    return fetch
  }

  it('restores an edited library idiom’s lists after a confirmation, and says so', async () => {
    const user = userEvent.setup()
    const fetch = renderPage(edited)
    expect(
      await screen.findByText(/the library’s updates no longer change them/),
    ).toBeInTheDocument()

    // Cancel sends nothing.
    await user.click(screen.getByRole('button', { name: 'Restore library lists' }))
    let dialog = await screen.findByRole('dialog', { name: 'Restore the library’s lists?' })
    expect(dialog).toHaveTextContent('The 1 meaning and 0 literal readings of “Estar al horno”')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetch, 'POST /api/admin/idiom/restore-lists')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Restore library lists' }))
    dialog = await screen.findByRole('dialog', { name: 'Restore the library’s lists?' })
    await user.click(within(dialog).getByRole('button', { name: 'Restore library lists' }))
    await waitFor(() =>
      expect(callsTo(fetch, 'POST /api/admin/idiom/restore-lists')).toHaveLength(1),
    )
    expect(
      JSON.parse(String(callsTo(fetch, 'POST /api/admin/idiom/restore-lists')[0]!.body)),
    ).toEqual({ idiomId: IDIOM_ID })
    expect(await screen.findByText('Library lists restored')).toBeInTheDocument()
    expect(
      screen.getByText(
        '“Estar al horno” has the library’s 3 meanings and 1 literal reading again.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The idiom is read again: its lists are the library's, so there is nothing to restore.
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Restore library lists' }),
      ).not.toBeInTheDocument(),
    )
    expect(screen.queryByText(/no longer change them/)).not.toBeInTheDocument()
  })

  it('shows the server’s refusal and keeps the button', async () => {
    const user = userEvent.setup()
    renderPage(edited, () =>
      json(
        {
          code: 'NOT_LIBRARY_IDIOM',
          message: 'The library no longer has this idiom: there are no library lists to restore',
        },
        409,
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Restore library lists' }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore the library’s lists?' })
    await user.click(within(dialog).getByRole('button', { name: 'Restore library lists' }))
    expect(
      await screen.findByText(
        'The library no longer has this idiom: there are no library lists to restore',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Library lists restored')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Restore library lists' })).toBeInTheDocument()
  })

  it.each([
    ['lists that are the library’s', 'library'],
    ['an admin’s own idiom', 'own'],
  ])('offers nothing to restore for %s', async (_, listsOrigin) => {
    renderPage(makeIdiom({ listsOrigin }))
    expect(await screen.findByRole('button', { name: 'Edit idiom' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Restore library lists' })).not.toBeInTheDocument()
    expect(screen.queryByText(/no longer change them/)).not.toBeInTheDocument()
  })
})
