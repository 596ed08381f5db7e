import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { baseUrl, launchBrowser } from './support/browser.js'

/**
 * Issue 13.2: the app installs (manifest, icons, service worker), a second visit without a network
 * shows the shell and says it is offline, /api and /oidc never come from the worker, and a new
 * deploy is offered with a "new version — reload" prompt.
 */

const DIST = resolve(import.meta.dirname, '../apps/web/dist')

interface Manifest {
  name: string
  start_url: string
  display: string
  theme_color: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
}

/** Load the page and wait until the service worker controls it. */
async function controlled(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload()
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

describe('installable: manifest, service worker, offline shell, updates', () => {
  let browser: Browser
  let close: () => Promise<void>
  let context: BrowserContext
  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
  })
  afterAll(() => close())

  it('serves a manifest with a name, standalone display, start URL and PNG icons of 192 and 512 px', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"')
    expect(html).toContain('rel="apple-touch-icon"')
    const res = await fetch(`${baseUrl()}/manifest.webmanifest`)
    expect(res.status).toBe(200)
    const manifest = (await res.json()) as Manifest
    expect(manifest).toMatchObject({
      name: 'Che Idioms',
      start_url: '/app/dashboard',
      display: 'standalone',
      theme_color: '#1971c2',
    })
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png')
      expect(icon, size).toBeDefined()
      const png = await fetch(baseUrl() + icon!.src)
      expect(png.headers.get('content-type')).toBe('image/png')
      const bytes = Buffer.from(await png.arrayBuffer())
      // PNG header: width and height at bytes 16-23.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size)
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
  })

  it('shows the shell and an offline notice on a second visit with the network off', async () => {
    context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    await controlled(page, '/')
    await context.setOffline(true)
    for (const path of ['/', '/about', '/app/dashboard']) {
      await page.goto(path)
      await page.getByText('You are offline.').waitFor()
      await page.getByRole('banner').getByRole('link', { name: 'Che Idioms home' }).waitFor()
    }
    await page.goto('/about')
    await page.getByRole('heading', { level: 1 }).waitFor()
    // The API is not answered from a cache: offline it fails like any network call.
    const apiOffline = await page.evaluate(() =>
      fetch('/api/settings').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    )
    expect(apiOffline).toBe('network error')
    await context.setOffline(false)
    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByText('You are offline.').count()).toBe(0)
    await context.close()
  })

  it('never answers /api or /oidc from the service worker', async () => {
    context = await browser.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    await controlled(page, '/')
    const seen: { url: string; fromSW: boolean }[] = []
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/') || path.startsWith('/oidc'))
        seen.push({ url: path, fromSW: r.fromServiceWorker() })
    })
    await signIn(page, 'learner')
    await page.goto('/app/dashboard')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(seen.some((s) => s.url.startsWith('/api/'))).toBe(true)
    expect(seen.some((s) => s.url.startsWith('/oidc'))).toBe(true)
    expect(seen.filter((s) => s.fromSW)).toEqual([])
    // And the worker's caches hold no API or provider answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        if (!name.startsWith('workbox')) continue
        for (const req of await (await caches.open(name)).keys())
          urls.push(new URL(req.url).pathname)
      }
      return urls
    })
    expect(cached.length).toBeGreaterThan(3)
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/oidc'))).toEqual([])
    await context.close()
  })

  it('offers a new deploy with a "new version — reload" prompt and reloads into it', async () => {
    context = await browser.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    await controlled(page, '/about')
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    const swFile = join(DIST, 'sw.js')
    const original = readFileSync(swFile, 'utf8')
    try {
      // A new deploy: the worker script's bytes change.
      writeFileSync(swFile, `${original}\n// deploy ${Date.now()}\n`)
      await page.reload()
      const prompt = page.getByTestId('update-notice')
      await prompt.getByText('New version available — reload to update.').waitFor()
      const reloaded = page.waitForEvent('load')
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByTestId('update-notice').count()).toBe(0)
      // The new worker is the active one; nothing is left waiting.
      const reg = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration()
        return { waiting: r?.waiting ?? null, active: r?.active?.state }
      })
      expect(reg).toEqual({ waiting: null, active: 'activated' })
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first)
    } finally {
      writeFileSync(swFile, original)
    }
    await context.close()
  })
})
