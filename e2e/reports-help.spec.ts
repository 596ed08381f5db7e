import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Example } from '@che/core'
import { accessToken, signIn, signUp } from './support/auth.js'
import { launchBrowser, newPage } from './support/browser.js'
import { api } from './support/api.js'

/**
 * Reports, bug reports and the help chat as their users live them: a learner with a seeded
 * history generates two reports and switches between them, files a bug report about an example
 * that an admin then closes, and an anonymous visitor asks the help chat about the Playroom.
 */

/** Review `n` exercises through the API: perfect, then a dropped accent, then a wrong translation, in turn. */
async function review(token: string, n: number): Promise<Example> {
  let last: Example | undefined
  for (let i = 0; i < n; i++) {
    const ex = await api<Example>(token, 'GET', '/api/exercises/next?tz=UTC')
    const userTranscription =
      i % 3 === 1
        ? ex.text
            .normalize('NFD')
            .replace(/\u0301/g, '')
            .normalize('NFC')
        : ex.text
    const userTranslation = i % 3 === 2 ? 'the cat sleeps on the roof' : ex.translation
    await api(token, 'POST', '/api/exercises/evaluate', {
      exampleId: ex.exampleId,
      userTranscription,
      userTranslation,
    })
    last = ex
  }
  return last!
}

const MIN_REVIEWS = 6

describe('reports, bug reports and the help chat', () => {
  let browser: Browser
  let close: () => Promise<void>
  let admin: Page
  let adminToken: string
  let savedSettings: Record<string, string>
  let learner: Page
  let learnerToken: string
  let reviewed: Example

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
    ;({ page: admin } = await newPage(browser))
    await signIn(admin, 'admin')
    adminToken = await accessToken(admin)
    savedSettings = (
      await api<{ settings: Record<string, string> }>(adminToken, 'GET', '/api/settings')
    ).settings
    // Few reviews unlock reports, and enough new sentences a day for them.
    await api(adminToken, 'POST', '/api/settings', {
      settings: { ...savedSettings, reportMinReviews: String(MIN_REVIEWS), dailyNewLimit: '50' },
    })

    // A learner of its own, so other specs' reviews do not change the counts.
    ;({ page: learner } = await newPage(browser))
    await signUp(learner, {
      email: `reports-${randomUUID().slice(0, 8)}@e2e.test`,
      name: 'Rocío Reportes',
      password: 'facturas-con-dulce-3',
    })
    learnerToken = await accessToken(learner)
  })

  afterAll(async () => {
    if (savedSettings)
      await api(adminToken, 'POST', '/api/settings', { settings: savedSettings }).catch(() => {})
    await close?.()
  })

  it('generates a report with charts and tips, then a second one, and switches between them', async () => {
    await learner.goto('/app/reports')
    await learner.getByText('Your first report is on its way').waitFor()
    expect(await learner.getByRole('button', { name: 'Generate a new report' }).count()).toBe(0)

    reviewed = await review(learnerToken, MIN_REVIEWS)
    await learner.reload()
    // Hold the generation back a moment so its wait message can be seen.
    await learner.route('**/api/reports?generate=1*', async (route) => {
      await new Promise((r) => setTimeout(r, 700))
      await route.continue()
    })
    await learner.getByRole('button', { name: 'Generate a new report' }).click()
    await learner.getByText('Generating reports - this might take a moment.').waitFor()
    await learner.getByRole('heading', { name: 'Insights' }).waitFor()
    await learner
      .getByRole('figure', { name: 'Accuracy over the weeks' })
      .locator('svg')
      .first()
      .waitFor()
    await learner
      .getByRole('figure', { name: 'Perfect answers by tone' })
      .locator('svg')
      .first()
      .waitFor()
    await learner.getByRole('heading', { name: 'Strategy tips' }).waitFor()
    expect(await learner.getByRole('listitem').count()).toBeGreaterThan(0)
    // One report: no picker yet.
    expect(await learner.getByRole('combobox', { name: 'Report generated on' }).count()).toBe(0)

    await review(learnerToken, 3)
    await learner.getByRole('button', { name: 'Generate a new report' }).click()
    const picker = learner.getByRole('combobox', { name: 'Report generated on' })
    await picker.waitFor()
    expect(await picker.inputValue()).toMatch(/· 9 reviews$/)

    await picker.click()
    const options = learner.getByRole('option')
    expect(await options.allInnerTexts()).toEqual([
      expect.stringMatching(/9 reviews/),
      expect.stringMatching(/6 reviews/),
    ])
    await options.nth(1).click()
    await expect.poll(() => picker.inputValue()).toMatch(/· 6 reviews$/)
    await learner
      .getByText(/In 6 reviews/)
      .first()
      .waitFor()
    await picker.click()
    await learner.getByRole('option', { name: /9 reviews/ }).click()
    await learner
      .getByText(/In 9 reviews/)
      .first()
      .waitFor()
  })

  it('files a bug report about an example, and an admin finds it and closes it', async () => {
    const title = `Feedback on "${reviewed.idiom.text}" ${randomUUID().slice(0, 6)}`
    await learner.goto(`/app/bugreport/${reviewed.exampleId}`)
    const attached = learner.getByRole('region', { name: 'Attached example' })
    await attached.getByText(reviewed.text).waitFor()

    const submit = learner.getByRole('button', { name: 'Submit' })
    await learner.getByRole('textbox', { name: 'Title' }).fill(title)
    await learner.getByRole('combobox', { name: 'Problem type' }).click()
    await learner.getByRole('option', { name: 'Mistake in exercise feedback' }).click()
    expect(await submit.isDisabled()).toBe(true)
    await learner
      .getByRole('textbox', { name: 'Description' })
      .fill('My answer was right but the feedback said it was not.')
    await submit.click()
    await learner.getByText('Thank you — your report was sent.').waitFor()

    await admin.goto('/admin/settings')
    await admin.getByRole('link', { name: 'Bug reports' }).click()
    await admin.waitForURL('**/admin/bugreports')
    await admin.getByRole('combobox', { name: 'Problem type' }).click()
    await admin.getByRole('option', { name: 'Mistake in exercise feedback' }).click()
    const item = admin.getByRole('listitem', { name: title })
    await item.waitFor()
    await item.getByText('Rocío Reportes').waitFor()
    await item.getByRole('link', { name: reviewed.text }).waitFor()
    await item.getByRole('button', { name: `Close ${title}` }).click()
    await item.waitFor({ state: 'detached' })

    await admin
      .locator('[aria-labelledby="bug-status-label"]')
      .getByText('Closed', { exact: true })
      .click()
    const closed = admin.getByRole('listitem', { name: title })
    await closed.getByText('Closed', { exact: true }).waitFor()
    expect(await closed.getByRole('button', { name: /Close/ }).count()).toBe(0)
  })

  it('answers an anonymous visitor from the Playroom section of the help', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto('/chat')
      await page
        .getByRole('textbox', { name: 'Your question' })
        .fill('how do I unlock the Playroom?')
      await page.keyboard.press('Enter')
      const answer = page.getByLabel('Help answer')
      await answer.waitFor()
      await answer
        .getByText(/How the Playroom unlocks/)
        .first()
        .waitFor()
      await answer
        .getByText(/It unlocks only when you clear your calendar/)
        .first()
        .waitFor()
      const source = answer
        .getByRole('region', { name: 'Sources' })
        .getByRole('button', { name: 'How the Playroom unlocks' })
      await source.click()
      expect(await source.getAttribute('aria-expanded')).toBe('true')
    } finally {
      await context.close()
    }
  })
})
