import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'

export const baseUrl = (): string => inject('baseUrl')

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no network
 * chatter). Playwright starts every launch with a fresh temporary profile (--user-data-dir) and
 * removes it on close.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  })
  return {
    browser,
    close: () => browser.close(),
  }
}

export async function newPage(
  browser: Browser,
  opts: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.mobile ? { width: 390, height: 800 } : { width: 1280, height: 800 },
  })
  const page = await context.newPage()
  page.on('pageerror', (err) => console.error('[page error]', err.message))
  return { context, page }
}

/** Waits until the page has stopped fetching, then lets the last query render and transitions end. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}
