import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvaluatorExample, NextExercise } from '@che/core'
import { signIn, signUp } from './support/auth.js'
import { baseUrl, launchBrowser } from './support/browser.js'

/**
 * Decision 056, in the browser: "Skip to content" is the first Tab stop of every layout and takes
 * the keyboard to the page; Alt+R (Option+R on a Mac) replays while typing; and a new sentence
 * answered after the connection dropped gets, offline, the grade the server gives it on sync.
 */

const FLAGS = ['--autoplay-policy=no-user-gesture-required']

describe('learner details', { timeout: 240_000 }, () => {
  let browser: Browser
  let close: () => Promise<void>
  const contexts: BrowserContext[] = []

  async function open(viewport = { width: 1280, height: 800 }): Promise<{
    context: BrowserContext
    page: Page
  }> {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport })
    contexts.push(context)
    const page = await context.newPage()
    page.on('pageerror', (err) => console.error('[page error]', err.message))
    return { context, page }
  }

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser(FLAGS))
  })
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {})
    await close?.()
  })

  /** What has the focus: its tag, text, whether it is inside <main>, and whether it is on screen. */
  const focus = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const r = el.getBoundingClientRect()
      return {
        tag: el.tagName.toLowerCase(),
        text: (el.textContent ?? '').trim(),
        inMain: !!el.closest('main') && el.tagName !== 'MAIN',
        onScreen: r.width > 0 && r.height >= 24 && r.top >= 0 && r.bottom <= innerHeight,
      }
    })

  async function skipsToContent(page: Page, path: string, heading: string) {
    await page.goto(path)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await page.keyboard.press('Tab')
    const first = await focus(page)
    expect(first, path).toMatchObject({ tag: 'a', text: 'Skip to content', onScreen: true })
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.tagName), path).toBe('MAIN')
    expect(new URL(page.url()).pathname).toBe(path)
    await page.keyboard.press('Tab')
    expect((await focus(page)).inMain, path).toBe(true)
  }

  it('"Skip to content" is the first Tab stop on every layout and moves the focus to the page', async () => {
    const visitor = await open()
    await skipsToContent(visitor.page, '/about', 'About Che Idioms')
    const phone = await open({ width: 390, height: 844 })
    await skipsToContent(phone.page, '/license', 'Licenses / Credit')

    const learner = await open()
    await signIn(learner.page, 'learner')
    await skipsToContent(learner.page, '/app/calendar', 'Calendar')
    await skipsToContent(learner.page, '/app/preferences', 'Preferences')

    const editor = await open()
    await signIn(editor.page, 'editor')
    await skipsToContent(editor.page, '/editor/manage', 'Assigned Idioms')

    const admin = await open()
    await signIn(admin.page, 'admin')
    await skipsToContent(admin.page, '/admin/idioms', 'Idioms')
  })

  it('a new sentence answered after the connection dropped keeps its offline grade when it syncs, and Alt+R replays while typing', async () => {
    const { context, page } = await open()
    await signUp(page, {
      email: `drop-${randomUUID().slice(0, 8)}@e2e.test`,
      name: 'Corte de Luz',
      password: 'se-corto-la-luz-9',
    })
    const served = page.waitForResponse(
      (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
    )
    await page.goto('/app/exercise')
    const next = (await (await served).json()) as NextExercise
    expect(next.isNew).toBe(true)
    const reference = next.reference as EvaluatorExample
    // The project's content: every example has accepted alternative translations.
    const alternative = reference.alternatives![0]!

    await page.getByRole('button', { name: 'Continue' }).click()
    const spanish = page.getByLabel('What you heard (Spanish)')
    await spanish.fill(next.text)
    // Alt+R (Option+R on a Mac) replays from the field and types nothing.
    expect(next.audio).not.toBeNull()
    await page.keyboard.press('Alt+r')
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="replay-controls"] audio')
      return !!a && !a.paused
    })
    expect(await spanish.inputValue()).toBe(next.text)

    // The connection drops while the learner types the translation.
    await context.setOffline(true)
    await page.getByLabel('English translation').fill(alternative)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByTestId('graded-offline').waitFor({ timeout: 30_000 })
    const grades = () =>
      page
        .locator('[data-testid="grades"] [data-accuracy]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-accuracy')))
    // An accepted translation is perfect here, as the server has it.
    expect((await grades())[1]).toBe('perfect')
    const offline = await grades()

    // Back online: the answer syncs and the server's grade is the same.
    const synced = page.waitForResponse((r) => r.url().endsWith('/api/exercises/evaluate'))
    await context.setOffline(false)
    const payload = (await (await synced).json()) as {
      evaluation: { transcriptionAccuracy: string; translationAccuracy: string }
    }
    expect([
      payload.evaluation.transcriptionAccuracy,
      payload.evaluation.translationAccuracy,
    ]).toEqual(offline)
    await page.locator('[data-testid="offline-answer"][data-status="synced"]').waitFor()
    expect(await page.getByText('The server graded this differently').count()).toBe(0)
  })
})
