import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { baseUrl, launchBrowser, settle } from './support/browser.js'
import { smallTargets } from './support/targets.js'

/**
 * Issue 13.4, phones first: every learner screen at 360 px without sideways scrolling, touch
 * targets of at least 44 px, and the exercise's fields and replay control still in view when the
 * on-screen keyboard takes the lower part of the screen.
 */

const ADMIN_SCREENS = [
  '/editor/manage',
  '/admin/idioms',
  '/admin/idiom',
  '/admin/example',
  '/admin/import',
  '/admin/audio',
  '/admin/settings',
  '/admin/prompts',
  '/admin/users',
  '/admin/resetcache',
]

/** Button and badge labels Mantine cuts with an ellipsis because their box is too narrow. */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label')]
      .filter((l) => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1)
      .map((l) => `"${l.textContent}" ${l.clientWidth}/${l.scrollWidth}px`),
  )
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

const LEARNER_SCREENS = [
  '/',
  '/about',
  '/license',
  '/chat',
  '/app/dashboard',
  '/app/preferences',
  '/app/exercise',
  '/app/calendar',
  '/app/sandbox',
  '/app/reports',
  '/app/bugreport',
]

describe('phones first', () => {
  let browser: Browser
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
  })
  afterAll(() => close())

  it('fits every learner screen in 360 px, with touch targets of 44 px or more', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    await signIn(page, 'learner')
    const problems: string[] = []
    for (const path of LEARNER_SCREENS) {
      await page.goto(path)
      await settle(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      if (overflow > 0) problems.push(`${path}: scrolls ${overflow}px sideways`)
      // The credits table's Licence column, the point of /license, was off-screen at 390 px.
      if (path === '/license') {
        const hidden = await page.evaluate(() =>
          [...document.querySelectorAll('th, td')]
            .filter((c) => c.getBoundingClientRect().right > document.documentElement.clientWidth)
            .map((c) => c.textContent),
        )
        if (hidden.length) problems.push(`/license: cells off-screen: ${hidden.join(', ')}`)
      }
      for (const t of await smallTargets(page)) problems.push(`${path}: small target ${t}`)
    }
    await context.close()
    expect(problems, problems.join('\n')).toEqual([])
  })

  it('keeps the answer fields and the replay control in view above an on-screen keyboard', async () => {
    // A phone with the keyboard up: the visible area shrinks to about 360×380.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 360, height: 380 },
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    await signIn(page, 'learner')
    await page.goto('/app/exercise')
    await page.getByRole('button', { name: 'Continue' }).click()
    const spanish = page.getByLabel('What you heard (Spanish)')
    await spanish.focus()
    await page.keyboard.type('hola')
    const inView = async (selector: string) =>
      page.evaluate((sel) => {
        const el = document.querySelector(sel)
        if (!el) return null
        const r = el.getBoundingClientRect()
        return r.top >= 0 && r.bottom <= window.innerHeight
      }, selector)
    expect(await inView('input[lang="es"]')).toBe(true)
    await page.getByLabel('English translation').focus()
    expect(await inView('input[lang="en"]')).toBe(true)
    // The replay control, when the exercise has audio, is reachable without leaving the fields.
    const replay = page.getByRole('button', { name: /replay|play/i }).first()
    if (await replay.count()) {
      await replay.scrollIntoViewIfNeeded()
      const box = await replay.boundingBox()
      expect(box && box.height >= 44).toBe(true)
    }
    await context.close()
  })

  // Session 18's phone sweep at 390×844: the CSV review cut "Already exists" to "ALREA…" and hid
  // the Meanings column (phrases counted, not openable); an idiom's example "Edit" buttons were
  // cut to "Ed"; the menu drawer's and dialogs' close buttons were 28 px.
  it('fits the editor and admin screens in 390 px, with whole labels', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    await signIn(page, 'admin')
    const problems: string[] = []
    const check = async (where: string) => {
      const overflow = await sidewaysScroll(page)
      if (overflow > 0) problems.push(`${where}: scrolls ${overflow}px sideways`)
      for (const label of await cutLabels(page)) problems.push(`${where}: label cut ${label}`)
    }
    for (const path of ADMIN_SCREENS) {
      await page.goto(path)
      await settle(page)
      await check(path)
    }

    // An idiom of the library, with its examples and their Edit buttons (found by name: other
    // specs add idioms without examples, which may come first in the list).
    await page.goto('/admin/idioms')
    await page.getByRole('searchbox', { name: 'Search' }).fill('estar al horno')
    await page
      .getByRole('link', { name: /^estar al horno$/i })
      .first()
      .click()
    await page
      .getByRole('button', { name: /^Edit example/ })
      .first()
      .waitFor()
    await settle(page)
    await check('idiom page')

    // The CSV review: each row's status whole, and its phrases opened on the phone.
    const run = Math.random().toString(36).slice(2, 8)
    const csv = [
      'text,translation,tone,usage,meanings,senses',
      `Tirar la chancleta ${run},To let loose,Street,5,let loose | let one's hair down,`,
      `TIRAR LA CHANCLETA ${run},To let loose (again),Casual,4,,`,
      'Estar al horno,To be in trouble,Casual,9,,',
      `Fila mala ${run},Bad row,Posh,12,,`,
    ].join('\n')
    await page.goto('/admin/import')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'idioms.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    })
    await page.getByRole('button', { name: 'Parse' }).click()
    const rows = page.getByRole('list', { name: 'Parsed rows' })
    await rows.waitFor()
    for (const status of ['New', 'Duplicate of row 1', 'Already exists', 'Error'])
      expect(await rows.getByText(status, { exact: true }).isVisible()).toBe(true)
    const meanings = rows.getByRole('button', { name: '2 meanings' })
    expect((await meanings.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await meanings.click()
    await rows.getByText("Meanings: let loose · let one's hair down").waitFor()
    await check('CSV review')

    // The menu drawer's close button takes a finger.
    await page.getByRole('button', { name: 'Menu' }).click()
    const closeMenu = page.getByRole('button', { name: 'Close menu' })
    await closeMenu.waitFor()
    const box = (await closeMenu.boundingBox())!
    if (box.width < 44 || box.height < 44)
      problems.push(`menu: Close menu ${Math.round(box.width)}×${Math.round(box.height)}`)
    await context.close()
    expect(problems, problems.join('\n')).toEqual([])
  })
})
