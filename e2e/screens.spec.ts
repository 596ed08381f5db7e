import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { baseUrl, launchBrowser, settle } from './support/browser.js'
import { smallTargets } from './support/targets.js'

/**
 * Issue 13, the production build's screens:
 * - every lazily loaded route opens without a page error or a console error (a chunking change
 *   once broke the reports screen with "b is not a function", docs/decisions/039);
 * - with prefers-reduced-motion, nothing on the page animates or transitions;
 * - PNGs of every learner screen and the sign-in pages at 390×844 and 360×740 for people to look
 *   at (as a phone: touch, mobile viewport), in $SCREENSHOTS_DIR (default /tmp/che-a11y-shots),
 *   each checked for sideways scrolling and touch targets under 44 px.
 */

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/che-a11y-shots'

const LAZY_ROUTES = [
  '/about',
  '/license',
  '/chat',
  '/no/such/page',
  '/app/dashboard',
  '/app/preferences',
  '/app/account',
  '/app/exercise',
  '/app/calendar',
  '/app/sandbox',
  '/app/reports',
  '/app/bugreport',
  '/editor/manage',
  '/admin/idioms',
  '/admin/idiom',
  '/admin/import',
  '/admin/example',
  '/admin/audio',
  '/admin/settings',
  '/admin/prompts',
  '/admin/resetcache',
  '/admin/bugreports',
  '/admin/users',
]

const LEARNER_SCREENS = [
  '/app/dashboard',
  '/app/calendar',
  '/app/sandbox',
  '/app/reports',
  '/app/preferences',
  '/app/account',
]

/** Sideways scrolling: the document wider than the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('screens of the production build', () => {
  let browser: Browser
  let close: () => Promise<void>
  const contexts: BrowserContext[] = []

  async function open(
    viewport: { width: number; height: number },
    options: {
      reducedMotion?: 'reduce' | 'no-preference'
      hasTouch?: boolean
      isMobile?: boolean
    } = {},
  ): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport, ...options })
    contexts.push(context)
    return context.newPage()
  }

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser(['--autoplay-policy=no-user-gesture-required']))
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {})
    await close?.()
  })

  it('opens every lazy route without a page error or a console error', async () => {
    const page = await open({ width: 1280, height: 800 })
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
    })
    await signIn(page, 'admin')
    for (const path of LAZY_ROUTES) {
      await page.goto(path)
      await settle(page)
      // Each screen draws a heading of its own (not the route error's "Something went wrong").
      await page.locator('main h1, main h2').first().waitFor()
      expect(await page.getByText('Something went wrong').count(), path).toBe(0)
    }
    expect(errors).toEqual([])
  })

  it('moves nothing when the system asks for reduced motion', async () => {
    // Longest animation or transition on any element, in ms, with the phone menu drawer open.
    const longestMotion = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await open({ width: 390, height: 844 }, { reducedMotion })
      await page.goto('/about')
      await settle(page)
      await page.getByRole('button', { name: 'Menu' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('dialog', { name: 'Menu' }).waitFor()
      return page.evaluate(() => {
        const ms = (value: string) =>
          Math.max(
            ...value.split(',').map((v) => {
              const n = Number.parseFloat(v)
              return v.trim().endsWith('ms') ? n : n * 1000
            }),
          )
        let longest = 0
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('*'))) {
          const style = getComputedStyle(el)
          longest = Math.max(longest, ms(style.transitionDuration), ms(style.animationDuration))
        }
        return longest
      })
    }
    // Without the preference the app does animate (so this test can tell the difference)...
    expect(await longestMotion('no-preference')).toBeGreaterThan(50)
    // ...and with it nothing lasts longer than a hundredth of a millisecond.
    expect(await longestMotion('reduce')).toBeLessThanOrEqual(0.01)
  })

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    const tag = `${viewport.width}x${viewport.height}`
    it(`screenshots every learner screen and the sign-in pages at ${tag}`, async () => {
      const page = await open(viewport, { hasTouch: true, isMobile: true })
      const shot = async (name: string) => {
        expect(await overflow(page), `${name} scrolls sideways at ${tag}`).toBeLessThanOrEqual(0)
        expect(await smallTargets(page), `${name}: touch targets under 44 px at ${tag}`).toEqual([])
        await page.screenshot({ path: join(SHOTS, `${tag}-${name}.png`), fullPage: true })
      }
      await page.goto('/')
      await settle(page)
      await shot('landing')
      await page.getByRole('button', { name: 'Login / Signup' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await shot('signin')
      await page.getByRole('link', { name: 'Create an account' }).click()
      await page.getByRole('heading', { name: 'Create an account' }).waitFor()
      await shot('signup')
      await signIn(page, 'learner')
      for (const path of LEARNER_SCREENS) {
        await page.goto(path)
        await settle(page)
        await shot(path.split('/').pop()!)
      }
      // The exercise's phases: prompt, input, results.
      await page.goto('/app/exercise')
      await settle(page)
      await shot('exercise-prompt')
      const cont = page.getByRole('button', { name: 'Continue' })
      if ((await cont.count()) === 0) return
      await cont.click()
      await page.getByLabel('What you heard (Spanish)').fill('Che, no sé qué dijo.')
      await page.getByLabel('English translation').fill('Hey, I do not know what he said.')
      await shot('exercise-input')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 })
      await settle(page)
      await shot('exercise-results')
    })
  }
})
