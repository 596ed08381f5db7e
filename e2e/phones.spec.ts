import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { baseUrl, launchBrowser, settle } from './support/browser.js'
import { smallTargets } from './support/targets.js'

/**
 * Issue 13.4, phones first: every learner screen at 360 px without sideways scrolling, touch
 * targets of at least 44 px, and the exercise's fields and replay control still in view when the
 * on-screen keyboard takes the lower part of the screen.
 */

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
})
