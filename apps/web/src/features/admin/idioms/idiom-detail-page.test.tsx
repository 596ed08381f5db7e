import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TONE_DESCRIPTIONS, TONES } from '@che/core'
import { describe, expect, it } from 'vitest'
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

/** The detail page of an idiom with meanings and literals; every save answers the idiom back. */
function renderDetail() {
  const idiom = makeIdiom({ meanings: ['be in trouble'], literals: ['be in the oven'] })
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
