import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Example, Idiom } from '@che/core'
import { toTargetWords } from '@che/core/evaluator'
import { accessToken, signIn, signUp } from './support/auth.js'
import { launchBrowser, newPage } from './support/browser.js'
import { api } from './support/api.js'

/**
 * The learning loop as a learner lives it: sign up, set preferences, three exercises (perfect,
 * a minor slip, a major one), results, calendar and dashboard, the Playroom locked while reviews
 * are due, the calendar cleared after the (test-only) server clock moves on, then a Playroom drill.
 */

const DAY_MS = 86_400_000
const AUTOPLAY = '--autoplay-policy=no-user-gesture-required'

type Reference = Example

const words = (text: string) =>
  [...text.matchAll(/[\p{L}\p{M}]+/gu)].map((m) => ({ word: m[0], at: m.index }))
const stripAccents = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0301\u0308]/g, '')
    .normalize('NFC')

/** Where the idiom's conjugated snippet sits in the sentence. */
function snippetRange(ref: Reference): [number, number] {
  const at = ref.text.toLowerCase().indexOf(ref.conjugatedSnippet.trim().toLowerCase())
  return at < 0 ? [-1, -1] : [at, at + ref.conjugatedSnippet.trim().length]
}

/**
 * Whether another sentence of the library holds a word too. The slips below miss such a word
 * when the sentence has one, so the Playroom's Next usually has a second sentence to offer; many
 * idioms' conjugated forms ("zafé") are in one sentence only, and then Next rightly answers
 * "nothing else" (the test works out which of the two to expect).
 */
type Shared = (word: string) => boolean

/** A minor slip: drop an accent outside the idiom (or inside it, still minor), else one typo outside it. */
function minorSlip(ref: Reference, shared: Shared): string {
  const [from, to] = snippetRange(ref)
  const all = words(ref.text)
  const outside = all.filter((w) => w.at + w.word.length <= from || w.at >= to)
  const hasAccent = (w: { word: string }) => stripAccents(w.word) !== w.word
  const accented =
    outside.find((w) => hasAccent(w) && shared(w.word)) ??
    outside.find(hasAccent) ??
    all.find(hasAccent)
  if (accented)
    return (
      ref.text.slice(0, accented.at) +
      stripAccents(accented.word) +
      ref.text.slice(accented.at + accented.word.length)
    )
  const long =
    outside.find((w) => w.word.length >= 5 && shared(w.word)) ??
    outside.find((w) => w.word.length >= 5)
  if (!long) throw new Error(`no room for a minor slip in: ${ref.text}`)
  const typo = long.word.slice(0, -1) + (long.word.endsWith('x') ? 'z' : 'x')
  return ref.text.slice(0, long.at) + typo + ref.text.slice(long.at + long.word.length)
}

/** A major error: an idiom word replaced by a different word. */
function majorSlip(ref: Reference, shared: Shared): string {
  const [from, to] = snippetRange(ref)
  const inside = words(ref.text).filter((w) => w.at >= from && w.at + w.word.length <= to)
  const longest = inside.sort((a, b) => b.word.length - a.word.length)
  const target = longest.find((w) => w.word.length >= 3 && shared(w.word)) ?? longest[0]
  if (!target) throw new Error(`idiom snippet not found in: ${ref.text}`)
  const other = target.word.toLowerCase() === 'zapallo' ? 'mesa' : 'zapallo'
  return ref.text.slice(0, target.at) + other + ref.text.slice(target.at + target.word.length)
}

describe('learning loop: preferences, exercises, calendar, dashboard, Playroom', () => {
  let browser: Browser
  let close: () => Promise<void>
  let admin: Page
  let adminToken: string
  let savedSettings: Record<string, string> | undefined
  let shared: Shared = () => false
  /** Every sentence's Playroom words, as the server splits them. */
  let libraryWords: { exampleId: string; words: Set<string> }[] = []

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser([AUTOPLAY]))
    ;({ page: admin } = await newPage(browser))
    await signIn(admin, 'admin')
    adminToken = await accessToken(admin)
    savedSettings = (
      await api<{ settings?: Record<string, string> }>(adminToken, 'GET', '/api/settings')
    ).settings
    const library = await api<Idiom[]>(adminToken, 'GET', '/api/idioms?full=true')
    libraryWords = library
      .flatMap((idiom) => idiom.examples)
      .map((example) => ({
        exampleId: example.exampleId,
        words: new Set(toTargetWords(example.text.split(/\s+/))),
      }))
    const holders = new Map<string, number>()
    for (const { words: held } of libraryWords)
      for (const word of held) holders.set(word, (holders.get(word) ?? 0) + 1)
    shared = (word) => toTargetWords([word]).some((w) => (holders.get(w) ?? 0) >= 2)
  })

  afterAll(async () => {
    // Put the server clock back for the other specs.
    if (savedSettings) {
      const { testClockOffsetDays: _drop, ...rest } = savedSettings
      await api(adminToken, 'POST', '/api/settings', { settings: rest }).catch(() => {})
    }
    await close?.()
  })

  async function setClockOffsetDays(days: number): Promise<void> {
    const current = (
      await api<{ settings: Record<string, string> }>(adminToken, 'GET', '/api/settings')
    ).settings
    await api(adminToken, 'POST', '/api/settings', {
      settings: { ...current, testClockOffsetDays: String(days) },
    })
  }

  /** The example the exercise screen is showing, read off its network call, and its reference via the admin API. */
  async function openExercise(page: Page, path: '/app/exercise' | 'start'): Promise<Reference> {
    const next = page.waitForResponse(
      (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
    )
    if (path === 'start') await page.getByRole('link', { name: 'Start Exercise' }).click()
    else await page.goto(path)
    const response = await next
    expect(response.status()).toBe(200)
    const shown = (await response.json()) as Example
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    return api<Reference>(adminToken, 'GET', `/api/example/${shown.exampleId}`)
  }

  /** Continue, type both answers keyboard-first (Enter moves on, Enter submits) and wait for the results. */
  async function answer(
    page: Page,
    spanish: string,
    english: string,
    heading: 'Results' | 'Feedback' = 'Results',
  ): Promise<void> {
    await page.getByRole('button', { name: 'Continue' }).click()
    const field = page.getByLabel('What you heard (Spanish)')
    await field.waitFor()
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type(spanish)
    await page.keyboard.press('Enter')
    expect(
      await page.getByLabel('English translation').evaluate((el) => el === document.activeElement),
    ).toBe(true)
    await page.keyboard.type(english)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 })
  }

  async function badges(page: Page): Promise<string[]> {
    return page.locator('[data-accuracy]').allTextContents()
  }

  it('takes a new learner from sign-up through exercises to a Playroom drill', async () => {
    const { page } = await newPage(browser)
    const email = `loop-${randomUUID().slice(0, 8)}@e2e.test`
    await signUp(page, { email, name: 'Martina Ríos', password: 'alfajor-de-maicena-7' })
    const learnerToken = await accessToken(page)
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    const stats = () =>
      api<{
        numSeen: number
        numPastDue: number
        upToDate: boolean
        numSandboxes: number
        score: number
      }>(learnerToken, 'GET', `/api/exercises/stats?tz=${encodeURIComponent(tz)}`)

    // What each sentence's latest graded answer missed: the Playroom drills these words.
    const missedBy = new Map<string, string[]>()
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/exercises/evaluate') || response.status() !== 200) return
      const payload = (await response.json()) as {
        exampleId: string
        evaluation: { missedWords: string[] }
      }
      missedBy.set(payload.exampleId, payload.evaluation.missedWords)
    })

    // A fresh dashboard.
    await page.getByText('You are seeing all the idioms in the system.').waitFor()
    await page.getByText('Your calendar is empty.').waitFor()
    await page.getByText('Your playroom is empty.').waitFor()

    // Preferences: super common, casual; applied at once and kept by the server.
    await page.getByRole('link', { name: 'Change preferences' }).click()
    await page.waitForURL('**/app/preferences')
    await page.getByRole('radio', { name: 'Super common (8–10)' }).check()
    await page.getByText('Saved.').waitFor()
    await page.getByRole('combobox', { name: /Tone/ }).click()
    await page.getByRole('option', { name: /^Casual/ }).click()
    await page
      .getByTestId('tone-description')
      .getByText('Everyday talk with friends and family.')
      .waitFor()
    await page.getByText('Saved.').waitFor()
    await page.reload()
    await page.getByRole('radiogroup').waitFor()
    expect(await page.getByRole('radio', { name: 'Super common (8–10)' }).isChecked()).toBe(true)
    expect(await page.getByRole('combobox', { name: /Tone/ }).inputValue()).toBe('Casual')
    await page.goto('/app/dashboard')
    await page.getByText('Super common (8–10)').waitFor()

    // Exercise 1: perfect. The audio is there for a learner (no download) and really plays to the end.
    const first = await openExercise(page, 'start')
    expect(first.idiom.tone).toBe('Casual')
    expect(first.idiom.usage).toBeGreaterThanOrEqual(8)
    const audio = page.locator('audio')
    expect(first.audio, 'the server gives every example audio (recorded or TTS)').not.toBeNull()
    expect(await audio.count()).toBe(1)
    expect(await audio.getAttribute('controlslist')).toBe('nodownload')
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0)
    const ended = await audio.evaluate(async (el: HTMLAudioElement) => {
      el.playbackRate = 2
      const done = new Promise<boolean>((resolve, reject) => {
        el.addEventListener('ended', () => resolve(el.ended), { once: true })
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), {
          once: true,
        })
      })
      await el.play()
      return done
    })
    expect(ended).toBe(true)
    await answer(page, first.text, first.translation)
    expect(await badges(page)).toEqual(['Perfect', 'Perfect'])
    await page.getByText(/This sentence comes back/).waitFor()
    expect(await page.getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe(
      `/app/bugreport/${first.exampleId}`,
    )
    // Focus is on the results heading (no jump to the bottom); Enter there goes on.
    expect(
      await page
        .getByRole('heading', { name: 'Results' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true)
    await page.getByRole('button', { name: 'Next Exercise' }).waitFor()

    // Exercise 2: a minor slip (an accent dropped outside the idiom). Next Exercise works from the keyboard.
    const nextCall = page.waitForResponse((r) => r.url().includes('/api/exercises/next'))
    await page.keyboard.press('Enter')
    const secondShown = (await (await nextCall).json()) as Example
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    const second = await api<Reference>(adminToken, 'GET', `/api/example/${secondShown.exampleId}`)
    expect(second.exampleId).not.toBe(first.exampleId)
    await answer(page, minorSlip(second, shared), second.translation)
    expect(await badges(page)).toEqual(['Minor errors', 'Perfect'])
    expect(await page.locator('[data-testid="marked-sentence"] mark').count()).toBeGreaterThan(0)

    // Exercise 3: a major error (an idiom word replaced).
    const third = await openExercise(page, '/app/exercise')
    await answer(page, majorSlip(third, shared), third.translation)
    expect((await badges(page))[0]).toBe('Major errors')
    await page.getByText(third.idiom.translation, { exact: false }).first().waitFor()

    // The calendar has a card for each, with its usage label, icon, tone and confidence dots.
    await page.goto('/app/calendar')
    await page.getByTestId('calendar-card').first().waitFor()
    expect(await page.getByTestId('calendar-card').count()).toBe(3)
    expect(
      await page.getByTestId('calendar-card').filter({ hasText: 'Super common' }).count(),
    ).toBe(3)
    expect(await page.getByRole('img', { name: /^Confidence \d+%$/ }).count()).toBe(3)
    expect(await page.locator('[data-icon="flame"]').count()).toBe(3)

    // The dashboard counts them: 3 seen, 1 of 3 reviews perfect, missed words recorded.
    await page.goto('/app/dashboard')
    const calendarPanel = page.getByRole('region', { name: 'Calendar' })
    await calendarPanel.getByText('Total seen').waitFor()
    expect(await calendarPanel.innerText()).toMatch(/Total seen\s*3/)
    expect(await calendarPanel.innerText()).toMatch(/Score\s*33%/)
    const s1 = await stats()
    expect(s1).toMatchObject({ numSeen: 3, score: 33 })
    expect(s1.numSandboxes).toBeGreaterThan(0)

    // Move the server clock to the first due date: reviews are due, the Playroom is locked.
    const calendar = await api<{ dueDate: string }[]>(learnerToken, 'GET', '/api/exercises')
    const earliest = Math.min(...calendar.map((c) => Date.parse(c.dueDate)))
    const offsetDays = Math.max(1, Math.ceil((earliest - Date.now()) / DAY_MS))
    await setClockOffsetDays(offsetDays)
    const s2 = await stats()
    expect(s2.numPastDue).toBeGreaterThan(0)
    await page.reload()
    await page
      .getByRole('region', { name: 'Playroom' })
      .getByText('Unlock the Playroom by clearing your calendar')
      .waitFor()
    await page.goto('/app/sandbox')
    await page.getByText('Unlock the Playroom by clearing your calendar').waitFor()
    expect(await page.getByRole('button', { name: 'Start' }).count()).toBe(0)

    // Review what is due, perfectly, until the calendar is clear.
    for (let i = 0; i < 5 && (await stats()).numPastDue > 0; i++) {
      const due = await openExercise(page, '/app/exercise')
      expect(await page.getByText('Review', { exact: true }).count()).toBe(1)
      await answer(page, due.text, due.translation)
      expect(await badges(page)).toEqual(['Perfect', 'Perfect'])
    }
    const s3 = await stats()
    expect(s3.numPastDue).toBe(0)
    expect(s3.upToDate).toBe(true)

    // The Playroom opens: a drill in the same phases, no score, Next resets.
    await page.goto('/app/dashboard')
    await page.getByRole('link', { name: 'Practise in the Playroom' }).click()
    await page.waitForURL('**/app/sandbox')
    await page.getByRole('img', { name: 'A lit candle' }).waitFor()
    const drill = page.waitForResponse((r) => r.url().endsWith('/api/sandbox/next'))
    await page.getByRole('button', { name: 'Start' }).click()
    expect((await drill).status()).toBe(200)
    const drilled = ((await (await drill).json()) as Example).exampleId
    const targets = toTargetWords([...missedBy.values()].flat())
    expect(targets.length).toBeGreaterThan(0)
    expect(libraryWords.find((s) => s.exampleId === drilled)?.words).toSatisfy(
      (held: Set<string>) => targets.some((w) => held.has(w)),
    )
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    await answer(page, 'no me acuerdo', 'I do not remember', 'Feedback')
    expect(await badges(page)).toHaveLength(2)
    expect(await page.getByText(/comes back/).count()).toBe(0)
    // Next offers another sentence with a missed word, never the one just drilled; when no other
    // sentence holds one, it says so.
    const another = libraryWords.some(
      (s) => s.exampleId !== drilled && targets.some((w) => s.words.has(w)),
    )
    const again = page.waitForResponse((r) => r.url().endsWith('/api/sandbox/next'))
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    if (another) {
      expect((await again).status()).toBe(200)
      expect(((await (await again).json()) as Example).exampleId).not.toBe(drilled)
      await page.getByRole('button', { name: 'Continue' }).waitFor()
    } else {
      expect((await again).status()).toBe(404)
      await page.getByText('You have practised every sentence with your missed words').waitFor()
    }
    // The Playroom keeps no score: the stats are as they were.
    expect((await stats()).score).toBe(s3.score)
  })
})
