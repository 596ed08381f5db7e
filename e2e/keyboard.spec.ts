import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Example, Idiom } from '@che/core'
import { accessToken, signIn } from './support/auth.js'
import { baseUrl, launchBrowser } from './support/browser.js'
import { api } from './support/api.js'

/**
 * Issue 13.1, keyboard alone: a learner does a whole exercise from the dashboard (play, type,
 * replay with Ctrl+Space, submit, read the grade with focus on the results heading, go on to the
 * next one), and an editor records an assigned idiom's example, with Tab, Shift+Tab, Enter, Space
 * and the documented replay shortcut only: no mouse, no element.click(). Every control reached on
 * the way must show a visible focus indicator.
 */

// Chromium's fake microphone granted without a prompt; the sentence may play by itself.
const FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
]

interface Focused {
  tag: string
  role: string | null
  name: string
  /** :focus-visible (or a media element's :focus-within) matches and a ring is drawn. */
  visible: boolean
}

/** The focused element: its tag, role, accessible-ish name and whether its focus is visible. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { tag: 'body', role: null, name: '', visible: false }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
    const labelled = el.getAttribute('aria-labelledby')
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? (document.getElementById(labelled)?.textContent ?? '') : '') ??
      ''
    const label =
      name ||
      (el.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '') : '') ||
      el.textContent ||
      ''
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: label.trim().replace(/\s+/g, ' '),
      // A media element's focus sits in its built-in controls: :focus-within on the element.
      visible:
        (el.matches(':focus-visible') || el.matches('audio:focus-within, video:focus-within')) &&
        (outline || shadow),
    }
  })
}

/**
 * Press Tab (or Shift+Tab) until the focused element's name matches, checking that every stop on
 * the way shows its focus; fails after `max` presses (an unreachable control or a focus trap).
 */
async function tabTo(
  page: Page,
  name: RegExp,
  { back = false, max = 40 }: { back?: boolean; max?: number } = {},
): Promise<Focused[]> {
  const stops: Focused[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    stops.push(now)
    if (now.tag !== 'body')
      expect(now.visible, `visible focus on ${now.tag} "${now.name}"`).toBe(true)
    if (name.test(now.name)) return stops
  }
  throw new Error(
    `${name} not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; stops: ${stops
      .map((s) => `${s.tag}:${s.name.slice(0, 30)}`)
      .join(' | ')}`,
  )
}

/** Focus the control named `name`: already there, or the next Tab stops until it. */
async function reach(page: Page, name: RegExp): Promise<void> {
  if (name.test((await focused(page)).name)) return
  await tabTo(page, name)
}

const isFocused = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el === document.activeElement)

/** The sentence's replay <audio> of the input or results phase is playing. */
const replayPlaying = (page: Page) =>
  page.waitForFunction(() => {
    const a = document.querySelector<HTMLAudioElement>('[data-testid="replay-controls"] audio')
    return !!a && !a.paused
  })

async function signUpByKeyboard(page: Page): Promise<void> {
  await page.goto('/')
  await tabTo(page, /^Login \/ Signup$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await tabTo(page, /Create an account/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: /Create/ }).waitFor()
  await reach(page, /E-mail/)
  await page.keyboard.type(`keys-${randomUUID().slice(0, 8)}@e2e.test`)
  await tabTo(page, /^Name/)
  await page.keyboard.type('Teclado Rioplatense')
  await tabTo(page, /Password/)
  await page.keyboard.type('dulce-de-batata-7')
  // The next stop shows what was typed (aria-pressed), and Shift+Tab goes back to the field.
  await tabTo(page, /^Show password$/, { max: 1 })
  await page.keyboard.press('Space')
  const password = page.locator('input#password')
  expect(await password.getAttribute('type')).toBe('text')
  expect(
    await page.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed'),
  ).toBe('true')
  await tabTo(page, /Password/, { back: true, max: 1 })
  await page.keyboard.press('Enter')
  await page.waitForURL('**/app/dashboard')
}

describe('keyboard alone', () => {
  let browser: Browser
  let close: () => Promise<void>
  let adminToken: string
  const contexts: BrowserContext[] = []

  async function open(): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
    })
    contexts.push(context)
    const page = await context.newPage()
    page.on('pageerror', (err) => console.error('[page error]', err.message))
    return page
  }

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser(FLAGS))
    const page = await open()
    await signIn(page, 'admin')
    adminToken = await accessToken(page)
  })
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {})
    await close?.()
  })

  it('a learner does a whole exercise and goes on to the next one', async () => {
    const page = await open()
    await signUpByKeyboard(page)

    // Dashboard → Start Exercise.
    await page.getByRole('link', { name: 'Start Exercise' }).waitFor()
    const next = page.waitForResponse(
      (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
    )
    await tabTo(page, /^Start Exercise$/)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/app/exercise')
    const shown = (await (await next).json()) as Example
    expect(shown.audio).not.toBeNull()
    const reference = await api<Example>(adminToken, 'GET', `/api/example/${shown.exampleId}`)

    // Prompt: Continue has focus; the learner plays the sentence slowly with the keyboard.
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    await expect.poll(() => focused(page).then((f) => f.name)).toBe('Continue')
    await tabTo(page, /^Slow replay$/, { back: true })
    await page.keyboard.press('Space')
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('audio')
      return !!a && !a.paused && a.playbackRate === 0.75
    })
    await tabTo(page, /^Continue$/)
    await page.keyboard.press('Enter')

    // Input: focus in the Spanish field; Ctrl+Space replays without leaving it.
    const spanish = page.getByLabel('What you heard (Spanish)')
    await spanish.waitFor()
    expect(await isFocused(page, 'input[lang="es"]')).toBe(true)
    await page.keyboard.type(reference.text)
    await page.keyboard.press('Control+Space')
    await replayPlaying(page)
    expect(await isFocused(page, 'input[lang="es"]')).toBe(true)
    // The Replay buttons themselves are reachable too (Shift+Tab from the field) and work with Space.
    await tabTo(page, /^Slow replay$/, { back: true })
    await page.keyboard.press('Space')
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="replay-controls"] audio')
      return !!a && !a.paused && a.playbackRate === 0.75
    })
    await tabTo(page, /What you heard/)
    // Enter in the Spanish field moves to the English one; Enter there submits.
    await page.keyboard.press('Enter')
    expect(await isFocused(page, 'input[lang="en"]')).toBe(true)
    await page.keyboard.type(reference.translation)
    const evaluated = page.waitForResponse((r) => r.url().endsWith('/api/exercises/evaluate'))
    await page.keyboard.press('Enter')
    expect((await evaluated).ok()).toBe(true)

    // Results: focus on the heading (visibly), both grades there and announced.
    const heading = page.getByRole('heading', { name: 'Results' })
    await heading.waitFor({ timeout: 30_000 })
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true)
    expect((await focused(page)).visible).toBe(true)
    expect(await page.locator('[data-testid="grades"] [data-accuracy]').count()).toBe(2)
    await expect
      .poll(() => page.getByTestId('exercise-announcement').textContent())
      .toMatch(/Transcription: .+\. Translation: .+/)
    // Replay beside the corrected sentence, by keyboard.
    await tabTo(page, /^Replay$/)
    await page.keyboard.press('Enter')
    await replayPlaying(page)

    // On to the next exercise with Tab and Enter.
    const second = page.waitForResponse(
      (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
    )
    await tabTo(page, /^Next Exercise$/)
    await page.keyboard.press('Enter')
    const again = (await (await second).json()) as Example
    expect(again.exampleId).not.toBe(shown.exampleId)
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    await expect.poll(() => focused(page).then((f) => f.name)).toBe('Continue')

    // Stray Enters with nothing typed send nothing: the learner is asked, "Keep trying" focused.
    let evaluations = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/exercises/evaluate')) evaluations++
    })
    await page.keyboard.press('Enter')
    await page.getByLabel('What you heard (Spanish)').waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.getByRole('group', { name: 'You have not typed anything.' }).waitFor()
    await expect.poll(() => focused(page).then((f) => f.name)).toBe('Keep trying')
    expect(evaluations).toBe(0)
  })

  it('an editor records an assigned example and saves it', async () => {
    const run = randomUUID().slice(0, 6)
    const idiom = await api<Idiom>(adminToken, 'POST', '/api/admin/idiom', {
      text: `Estar en el horno ${run}`,
      translation: 'to be in trouble',
      // Not Street + super rare: editor-audio.spec.ts keeps that pair to its own recorded idiom.
      tone: 'Street',
      usage: 5,
    })
    await api(adminToken, 'POST', '/api/admin/idiom-examples', {
      idiomId: idiom.idiomId,
      text: 'Si no estudiás, estás en el horno.',
      conjugatedSnippet: 'estás en el horno',
    })
    const page = await open()
    await signIn(page, 'editor')
    const editorToken = await accessToken(page)
    const editor = await api<{ id: string }>(editorToken, 'POST', '/api/users/sync', {
      authUser: {},
    })
    await api(adminToken, 'POST', '/api/editor/assign', {
      idiomId: idiom.idiomId,
      source: editor.id,
    })

    await page.goto('/editor/manage')
    await page.getByRole('heading', { name: 'Assigned Idioms' }).waitFor()
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: idiom.text }) })
    await item.getByText('Assigned · v1').waitFor()

    // Open the assignment's dialog with the keyboard.
    await tabTo(page, new RegExp(`^Edit ${idiom.text}$`), { max: 200 })
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit assignment' })
    await dialog.waitFor()
    // Record with the fake microphone, then stop.
    await tabTo(page, /^Start recording$/)
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Stop recording' }).waitFor()
    await page.waitForTimeout(1_200)
    // Focus stays on the recording control: the same place now stops.
    await expect.poll(() => focused(page).then((f) => f.name)).toBe('Stop recording')
    await page.keyboard.press('Space')
    const take = dialog.getByLabel('Your take')
    await take.waitFor()
    expect(await take.getAttribute('src')).toMatch(/^blob:/)
    // Save is reachable from there and saves.
    await tabTo(page, /^Save$/)
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/editor/') && r.request().method() === 'POST',
    )
    await page.keyboard.press('Enter')
    expect((await saved).ok()).toBe(true)
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 })
    await item.getByText('Fulfilled · v1').waitFor()
  })
})
