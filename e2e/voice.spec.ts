import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { baseUrl, launchBrowser, newPage } from './support/browser.js'

/**
 * Issue 16 items 7, 9, 10 and 12 as a user meets them: the exercise says which voice speaks;
 * the app opened under another address of the machine goes to its public address; the idiom
 * lists of 'Manage Assignments' and 'Assigned Idioms' filter by tone and usage band, and the
 * editor picker shows e-mail addresses. Screenshots at desktop and phone widths go to
 * $SCREENSHOT_DIR (default: a temporary folder) for people to look at.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? join('/tmp', 'che-e2e-voice-shots')
mkdirSync(SHOTS, { recursive: true })

const WIDTHS = [
  { name: 'desktop', mobile: false },
  { name: 'phone', mobile: true },
] as const

async function pickOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option }).first().click()
}

describe('voice, addresses and idiom-list filters', () => {
  let browser: Browser
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const launched = await launchBrowser()
    browser = launched.browser
    close = launched.close
  })
  afterAll(async () => {
    await close?.()
  })

  it('sends a visitor who opens another address of the machine to the public address', async () => {
    const pub = new URL(baseUrl())
    const other = `http://localhost:${pub.port}`
    const direct = await fetch(`${other}/app/dashboard?x=1`, { redirect: 'manual' })
    expect(direct.status).toBe(308)
    expect(direct.headers.get('location')).toBe(`${baseUrl()}/app/dashboard?x=1`)
    const api = await fetch(`${other}/api/settings`)
    expect(api.status).toBe(421)
    expect(((await api.json()) as { code: string }).code).toBe('WRONG_ADDRESS')

    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${other}/`)
      await page.getByRole('button', { name: 'Login / Signup' }).waitFor()
      expect(new URL(page.url()).origin).toBe(pub.origin)
      await expect(
        page.getByText('Each exercise says which voice you hear.').count(),
      ).resolves.toBe(1)
    } finally {
      await context.close()
    }
  })

  it.each(WIDTHS)(
    'tells the learner which voice speaks the sentence ($name)',
    async ({ name, mobile }) => {
      const { context, page } = await newPage(browser, { mobile })
      try {
        await signIn(page, 'learner')
        await page.goto('/app/exercise')
        const badge = page.locator('[data-voice-kind]')
        await badge.waitFor({ timeout: 60_000 })
        expect(await badge.getAttribute('data-voice-kind')).toMatch(/^(recorded|neural|synthetic)$/)
        expect(await badge.textContent()).toMatch(/^(Synthetic voice|Neural voice|Recorded by .+)$/)
        await page.screenshot({ path: join(SHOTS, `exercise-voice-${name}.png`), fullPage: true })
      } finally {
        await context.close()
      }
    },
  )

  it.each(WIDTHS)(
    'filters Manage Assignments by tone and usage, editors with e-mail ($name)',
    async ({ name, mobile }) => {
      const { context, page } = await newPage(browser, { mobile })
      try {
        await signIn(page, 'admin')
        await page.goto('/admin/audio')
        await page.getByRole('heading', { name: 'Manage Assignments' }).waitFor()
        const status = page.getByRole('status').filter({ hasText: /idioms/ })
        await status.waitFor()
        const all = Number(/(\d+) idioms/.exec((await status.textContent()) ?? '')?.[1])
        expect(all).toBeGreaterThan(0)
        await pickOption(page, 'Tone', 'Street')
        await page.getByText(/ of \d+ idioms match/).waitFor()
        await pickOption(page, 'Usage', /^Super common/)
        const matched = (await status.textContent()) ?? ''
        const [shown, total] = (/(\d+) of (\d+)/.exec(matched) ?? []).slice(1).map(Number)
        expect(total).toBe(all)
        expect(shown).toBeLessThan(all)

        await page.getByRole('combobox', { name: 'Editor', exact: true }).click()
        await page.getByRole('option', { name: 'Ernesto Editor (editor@e2e.test)' }).waitFor()
        await page.keyboard.press('Escape')
        await page.screenshot({ path: join(SHOTS, `admin-audio-filters-${name}.png`) })

        await page.goto('/editor/manage')
        await page.getByRole('heading', { name: 'Assigned Idioms' }).waitFor()
        await page.getByRole('combobox', { name: 'Tone', exact: true }).waitFor()
        await page.getByRole('combobox', { name: 'Usage', exact: true }).waitFor()
        await page.screenshot({ path: join(SHOTS, `editor-manage-filters-${name}.png`) })
      } finally {
        await context.close()
      }
    },
  )
})
