import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, signIn, signUp } from './support/auth.js'
import { baseUrl, launchBrowser } from './support/browser.js'
import { api } from './support/api.js'

/**
 * Issue 13.3: while online the app keeps the next due exercises; offline the learner answers
 * three of them (graded in the browser), reloads without losing anything, and when the
 * connection returns the answers sync and the calendar moves once for each.
 */

interface Calendar {
  progressId: string
  dueDate: string
}
interface Payload {
  progress: { exampleId: string; history: { date: string }[] }
}

describe('offline practice', () => {
  let browser: Browser
  let close: () => Promise<void>
  let adminToken = ''
  let saved: Record<string, string> | null = null
  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
  })
  afterAll(async () => {
    if (saved) {
      const { testClockOffsetDays: _drop, ...rest } = saved
      await api(adminToken, 'POST', '/api/settings', { settings: rest }).catch(() => {})
    }
    await close()
  })

  it('answers three kept exercises offline, survives a reload, and syncs each once', async () => {
    // An admin's token to move the (test-only) server clock.
    const adminContext = await browser.newContext({ baseURL: baseUrl() })
    const adminPage = await adminContext.newPage()
    await signIn(adminPage, 'admin')
    adminToken = await accessToken(adminPage)
    await adminContext.close()

    // A fresh learner with three items in the calendar, all due once the clock moves on.
    const context = await browser.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    const email = `offline-${randomUUID().slice(0, 8)}@e2e.test`
    await signUp(page, { email, name: 'Olga Offline', password: 'colectivo-sin-senal-60' })
    const token = await accessToken(page)
    for (let i = 0; i < 3; i++) {
      const example = await api<{ exampleId: string }>(token, 'GET', '/api/exercises/next')
      await api(token, 'POST', '/api/exercises/evaluate', {
        exampleId: example.exampleId,
        userTranscription: 'nada que ver',
        userTranslation: 'nothing at all',
      })
    }
    saved = (await api<{ settings: Record<string, string> }>(adminToken, 'GET', '/api/settings'))
      .settings
    await api(adminToken, 'POST', '/api/settings', {
      settings: { ...saved, testClockOffsetDays: '3' },
    })
    const before = await api<Calendar[]>(token, 'GET', '/api/exercises')
    expect(before).toHaveLength(3)

    // Online: the exercise page keeps them (IndexedDB) while the service worker keeps the shell.
    await page.goto('/app/exercise')
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.waitForFunction(async () => {
      const dbs = await indexedDB.databases()
      return dbs.some((d) => d.name === 'che-offline')
    })
    await page.waitForTimeout(1000)

    await context.setOffline(true)
    await page.reload()
    await page.getByText('You are offline.').waitFor()
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('What you heard (Spanish)').fill('otra cosa distinta')
      await page.getByLabel('English translation').fill('something different')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'Results' }).waitFor()
      await page.getByRole('button', { name: 'Next Exercise' }).click()
      await page.getByTestId('offline-answer').nth(i).waitFor()
    }
    await page.getByText(/No exercise kept on this device is due now/).waitFor()
    expect(
      await page.locator('[data-testid="offline-answer"][data-status="pending"]').count(),
    ).toBe(3)

    // Reload while still offline: nothing lost.
    await page.reload()
    await page.getByText('You are offline.').waitFor()
    await page.getByTestId('offline-answer').nth(2).waitFor()
    expect(await page.getByTestId('offline-answer').count()).toBe(3)
    // Nothing reached the server yet.
    const stillBefore = await api<Calendar[]>(token, 'GET', '/api/exercises')
    expect(stillBefore.map((c) => c.dueDate).sort()).toEqual(before.map((c) => c.dueDate).sort())

    // Back online: the answers sync, each once, in order.
    await context.setOffline(false)
    await page
      .locator('[data-testid="offline-answer"][data-status="synced"]')
      .nth(2)
      .waitFor({ timeout: 30_000 })
    const after = await api<Calendar[]>(token, 'GET', '/api/exercises')
    expect(after).toHaveLength(3)
    for (const item of after) {
      const old = before.find((b) => b.progressId === item.progressId)
      expect(Date.parse(item.dueDate)).toBeGreaterThan(Date.parse(old!.dueDate))
    }
    // Each item has exactly two reviews: the online one and the synced offline one.
    const offline = await api<{ exercises: { example: { exampleId: string } }[] }>(
      token,
      'GET',
      '/api/exercises/offline',
    )
    for (const { example } of offline.exercises) {
      const replay = await api<Payload>(token, 'POST', '/api/exercises/evaluate', {
        exampleId: example.exampleId,
        userTranscription: 'x',
        userTranslation: 'x',
      })
      expect(replay.progress.history).toHaveLength(3)
    }
    await context.close()
  })
})
