import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Example, Idiom } from '@che/core'
import { E2E_USERS } from './global-setup.js'
import { accessToken, signIn } from './support/auth.js'
import { baseUrl, launchBrowser, newPage, settle } from './support/browser.js'
import { smallTargets } from './support/targets.js'
import { api } from './support/api.js'

/**
 * The audio workflow of spec §4 (assign → fulfil → publish) as its three roles live it: an admin
 * assigns two idioms to the editor; the editor records one with Chromium's fake microphone (level
 * meter, playback, save) and uploads a WAV file for the other; the admin listens and publishes;
 * the published recordings reach learners' examples and play to the end, without a download
 * control for the learner.
 */

// Chromium's fake microphone (a beep) granted without a prompt; media may play without a gesture.
const FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
]

/** The bytes an audio URL serves (a signed /api/audio URL needs no token, but one is sent anyway). */
async function bytesOf(
  url: string,
  token: string,
): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await fetch(new URL(url, baseUrl()), {
    headers: { Authorization: `Bearer ${token}` },
  })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/** A mono 16-bit PCM WAV: `seconds` of a sine at `hz` (RIFF header + samples). */
function sineWav(seconds: number, hz: number, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16) // fmt chunk size
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28) // byte rate
  header.writeUInt16LE(2, 32) // block align
  header.writeUInt16LE(16, 34) // bits per sample
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Play a media element at double speed until `ended`; rejects on a media error or after 20 s. */
function playToEnd(target: Locator): Promise<boolean> {
  return target.evaluate(
    (el: HTMLMediaElement) =>
      new Promise<boolean>((resolve, reject) => {
        el.playbackRate = 2
        el.addEventListener('ended', () => resolve(el.ended), { once: true })
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), {
          once: true,
        })
        setTimeout(() => reject(new Error('did not end within 20 s')), 20_000)
        el.play().catch(reject)
      }),
  )
}

/** Play an audio URL in the page (as a learner's browser would) until `ended`. */
function playUrlToEnd(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve, reject) => {
        const el = new Audio(src)
        el.playbackRate = 2
        el.addEventListener('ended', () => resolve(el.ended), { once: true })
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), {
          once: true,
        })
        setTimeout(() => reject(new Error('did not end within 20 s')), 20_000)
        el.play().catch(reject)
      }),
    url,
  )
}

describe('editor audio: assign, record and upload, publish, hear', () => {
  let browser: Browser
  let close: (() => Promise<void>) | undefined
  let admin: Page
  let adminToken: string
  const run = randomUUID().slice(0, 6)
  const tmp = mkdtempSync(join(tmpdir(), 'che-e2e-audio-'))
  const wavPath = join(tmp, 'chanta.wav')
  const wav = sineWav(1.2, 440)
  writeFileSync(wavPath, wav)

  // Two idioms of this run, each with one example whose text the editor reads out. The recorded
  // one is Street and super rare (usage 1), a pair the seeded content does not have, so a learner
  // filtering by it gets this example as their next exercise.
  const recorded = {
    text: `Estar al horno ${run}`,
    sentence: 'Con tanto laburo estoy al horno.',
    snippet: 'estoy al horno',
    tone: 'Street',
    usage: 1,
    idiomId: '',
  }
  const uploaded = {
    text: `Ser un chanta ${run}`,
    sentence: 'Mi vecino es un chanta, no le creas.',
    snippet: 'es un chanta',
    tone: 'Casual',
    usage: 3,
    idiomId: '',
  }

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser(FLAGS))
    ;({ page: admin } = await newPage(browser))
    await signIn(admin, 'admin')
    adminToken = await accessToken(admin)
    for (const idiom of [recorded, uploaded]) {
      const created = await api<Idiom>(adminToken, 'POST', '/api/admin/idiom', {
        text: idiom.text,
        translation: 'e2e',
        tone: idiom.tone,
        usage: idiom.usage,
      })
      idiom.idiomId = created.idiomId
      await api(adminToken, 'POST', '/api/admin/idiom-examples', {
        idiomId: created.idiomId,
        text: idiom.sentence,
        conjugatedSnippet: idiom.snippet,
      })
    }
  })

  afterAll(async () => {
    if (adminToken) {
      await api(adminToken, 'POST', '/api/users/preferences', {
        preferences: { getNextExample: '' },
      }).catch(() => {})
    }
    await close?.()
    rmSync(tmp, { recursive: true, force: true })
  })

  it('the admin assigns both idioms to the editor on Manage Assignments', async () => {
    await admin.goto('/admin/audio')
    await admin.getByRole('heading', { name: 'Manage Assignments' }).waitFor()
    await admin.getByRole('searchbox', { name: 'Search' }).fill(run)
    for (const idiom of [recorded, uploaded]) {
      await admin.getByRole('button', { name: `Assign ${idiom.text}` }).click()
      const dialog = admin.getByRole('dialog', { name: 'Assign idiom' })
      await dialog.waitFor()
      await dialog.getByRole('combobox', { name: /Editor/ }).click()
      await admin.getByRole('option', { name: new RegExp(`^${E2E_USERS.editor.name}`) }).click()
      await dialog.getByRole('button', { name: 'Assign' }).click()
      await admin.getByText(`Assigned “${idiom.text}” to ${E2E_USERS.editor.name}.`).waitFor()
      const row = admin
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name: idiom.text, exact: true }) })
      await row.getByText('Assigned · v1').waitFor()
      expect(await row.getByRole('cell', { name: E2E_USERS.editor.name }).count()).toBe(1)
    }
  })

  it('the editor records one take with the microphone and uploads a file for the other', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'editor')
    await page.goto('/editor/manage')
    await page.getByRole('heading', { name: 'Assigned Idioms' }).waitFor()
    const item = (text: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text }) })
    await item(recorded.text).getByText('Assigned · v1').waitFor()
    // Editors get no editor filter.
    expect(await page.getByRole('combobox', { name: 'Editor' }).count()).toBe(0)

    // Record: the level meter moves with the fake microphone's beep, then play the take back.
    await page.getByRole('button', { name: `Edit ${recorded.text}` }).click()
    let dialog = page.getByRole('dialog', { name: 'Edit assignment' })
    await dialog.waitFor()
    expect(await dialog.getByRole('textbox', { name: 'Conjugated snippet' }).count()).toBe(0)
    expect(await dialog.getByRole('textbox', { name: /Transcription/ }).inputValue()).toBe(
      recorded.sentence,
    )
    await dialog.getByRole('button', { name: 'Start recording' }).click()
    await dialog.getByRole('button', { name: 'Stop recording' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    const meter = dialog.getByRole('progressbar', { name: 'Microphone level' })
    let peak = 0
    const until = Date.now() + 2_500
    while (Date.now() < until) {
      peak = Math.max(peak, Number(await meter.getAttribute('aria-valuenow')))
      await page.waitForTimeout(100)
    }
    expect(peak, 'the level meter shows the microphone signal').toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Stop recording' }).click()
    const take = dialog.getByLabel('Your take')
    await take.waitFor()
    expect(await take.getAttribute('src')).toMatch(/^blob:/)
    expect(await playToEnd(take)).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 })
    await item(recorded.text).getByText('Fulfilled · v1').waitFor()
    const recording = item(recorded.text).getByLabel(`Recording of ${recorded.text}`)
    expect(await recording.getAttribute('controlslist')).toBe('nodownload')
    expect(await item(recorded.text).getByRole('link', { name: 'Download' }).count()).toBe(0)

    // Upload: a WAV file for the second idiom.
    await page.getByRole('button', { name: `Edit ${uploaded.text}` }).click()
    dialog = page.getByRole('dialog', { name: 'Edit assignment' })
    await dialog.waitFor()
    await dialog.getByRole('tab', { name: 'Upload a file' }).click()
    await dialog.locator('input[type="file"]').setInputFiles(wavPath)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 })
    await item(uploaded.text).getByText('Fulfilled · v1').waitFor()
    await page.context().close()
  })

  // Session 18's phone sweep: in a card of Assigned Idioms the admin's Download link under a take
  // was 25 px high (the touch rule left links inside list items alone).
  it('on a phone the admin reaches every control of Assigned Idioms with a finger', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const phone = await context.newPage()
    await signIn(phone, 'admin')
    await phone.goto('/editor/manage')
    await phone.getByLabel(`Recording of ${recorded.text}`).waitFor()
    await settle(phone)
    expect(await phone.getByRole('link', { name: 'Download' }).count()).toBeGreaterThan(0)
    expect(await smallTargets(phone)).toEqual([])
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await context.close()
  })

  it('the admin listens to each pending take and publishes it after confirming', async () => {
    await admin.goto('/admin/audio')
    await admin.getByRole('searchbox', { name: 'Search' }).fill(run)
    await admin.getByRole('combobox', { name: 'State' }).click()
    await admin.getByRole('option', { name: 'Fulfilled (to publish)' }).click()
    for (const idiom of [recorded, uploaded]) {
      await admin.getByRole('button', { name: `Publish ${idiom.text}` }).click()
      const dialog = admin.getByRole('dialog', { name: 'Publish recording' })
      await dialog.waitFor()
      const pending = dialog.getByLabel(`Pending recording of ${idiom.text}`)
      // The admin's player keeps the download control.
      expect(await pending.getAttribute('controlslist')).toBeNull()
      expect(await dialog.getByRole('link', { name: 'Download' }).count()).toBe(1)
      expect(await playToEnd(pending)).toBe(true)
      await dialog.getByRole('button', { name: 'Publish v1' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await admin.getByText(`Published “${idiom.text}” (v1). Learners hear it now.`).waitFor()
    }
    // Published ones leave the "to publish" filter.
    await admin.getByText('No idioms match these filters.').waitFor()
  })

  it("the admin's exercise with the published example plays the recording to the end", async () => {
    const idiom = await api<Idiom>(adminToken, 'GET', `/api/idiom/${recorded.idiomId}`)
    const example = idiom.examples.find((e) => e.audio?.voice === E2E_USERS.editor.name)
    expect(example, 'the take became the example audio, voiced by the editor').toBeTruthy()
    expect(idiom.assigned?.state).toBe('published')
    await api(adminToken, 'POST', '/api/users/preferences', {
      preferences: { getNextExample: example!.exampleId },
    })

    const next = admin.waitForResponse(
      (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
    )
    await admin.goto('/app/exercise')
    const shown = (await (await next).json()) as Example
    expect(shown.exampleId).toBe(example!.exampleId)
    const audio = admin.locator('audio')
    await audio.waitFor()
    // The exercise serves the very bytes of the editor's take.
    const served = await bytesOf((await audio.getAttribute('src'))!, adminToken)
    const take = await bytesOf(idiom.assigned!.audio!.url, adminToken)
    expect(served.status).toBe(200)
    expect(served.bytes.equals(take.bytes)).toBe(true)
    expect(await playToEnd(audio)).toBe(true)
    await api(adminToken, 'POST', '/api/users/preferences', { preferences: { getNextExample: '' } })
  })

  it("a learner's exercise plays the published recording to the end, without a download control", async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'learner')
    const token = await accessToken(page)
    const rec = await api<Idiom>(adminToken, 'GET', `/api/idiom/${recorded.idiomId}`)
    const recExample = rec.examples.find((e) => e.audio?.voice === E2E_USERS.editor.name)!
    const take = await bytesOf(rec.assigned!.audio!.url, adminToken)

    // Street + super rare: only this run's recorded idiom matches (see above).
    await api(token, 'POST', '/api/users/preferences', {
      preferences: { filter: { usage: 'super_rare', tone: 'Street' } },
    })
    try {
      const next = page.waitForResponse(
        (r) => r.url().includes('/api/exercises/next') && r.request().method() === 'GET',
      )
      await page.goto('/app/exercise')
      const shown = (await (await next).json()) as Example
      expect(shown.exampleId).toBe(recExample.exampleId)
      expect(shown.audio?.voice).toBe(E2E_USERS.editor.name)
      const audio = page.locator('audio')
      await audio.waitFor()
      expect(await audio.getAttribute('controlslist')).toContain('nodownload')
      expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0)
      // The learner's (signed) URL serves the editor's take, and it plays to the end.
      const served = await bytesOf((await audio.getAttribute('src'))!, token)
      expect(served.status).toBe(200)
      expect(served.bytes.equals(take.bytes)).toBe(true)
      expect(await playToEnd(audio)).toBe(true)
    } finally {
      await api(token, 'POST', '/api/users/preferences', {
        preferences: { filter: { usage: '', tone: '' } },
      })
    }

    // The uploaded file reaches learners byte for byte, through the signed URL of its published take.
    const up = await api<Idiom>(adminToken, 'GET', `/api/idiom/${uploaded.idiomId}`)
    expect(up.assigned?.state).toBe('published')
    const served = await bytesOf(up.assigned!.audio!.url, token)
    expect(served.status).toBe(200)
    expect(served.type).toMatch(/^audio\//)
    expect(served.bytes.equals(wav)).toBe(true)
    expect(await playUrlToEnd(page, up.assigned!.audio!.url)).toBe(true)

    // Learners see no assignments.
    const refused = await fetch(`${baseUrl()}/api/editor/assignmentreports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    await page.context().close()
  })
})
