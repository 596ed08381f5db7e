import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaKeyFor } from '@che/core'
import { accessToken, menuLabels, signIn } from './support/auth.js'
import { baseUrl, launchBrowser, newPage } from './support/browser.js'

const EVERYONE = ['About', 'Licenses / Credit', 'Help / Support (Chat)', 'Report Bugs']
const ADMIN = [
  'Idioms',
  'Import Idioms (CSV)',
  'Create Idiom',
  'Create Example',
  'Manage Assignments',
  'Settings',
  'Prompts',
  'Reset Caches',
]

describe('foundation: sign-up, menus, layouts, logout, beta gate', () => {
  let browser: Browser
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
  })
  afterAll(() => close())

  it('shows the landing page to a visitor', async () => {
    const { page, context } = await newPage(browser)
    await page.goto('/')
    await page.getByRole('button', { name: 'Login / Signup' }).waitFor()
    await page
      .getByText(/under development/i)
      .first()
      .waitFor()
    expect(await menuLabels(page)).toEqual(EVERYONE)
    await context.close()
  })

  it('signs a new user up, lands on the dashboard with an avatar, and keeps the session on reload', async () => {
    const { page, context } = await newPage(browser)
    const email = `new-${randomUUID().slice(0, 8)}@e2e.test`
    await page.goto('/')
    await page.getByRole('button', { name: 'Login / Signup' }).click()
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Name').fill('Valentina Paz')
    await page.getByLabel('Password').fill('yerba-mate-con-burrito')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/app/dashboard')
    expect(new URL(page.url()).search).toBe('')
    await page
      .getByText(/Valentina/)
      .first()
      .waitFor()
    await page.getByText('VP', { exact: true }).first().waitFor()
    await page.reload()
    await page.waitForURL('**/app/dashboard')
    await page
      .getByText(/Valentina/)
      .first()
      .waitFor()
    expect(await menuLabels(page)).toEqual(['Dashboard', ...EVERYONE, 'Logout'])
    await context.close()
  })

  it('shows each role its menu, and closes the menu after a choice', async () => {
    for (const [role, expected] of [
      ['learner', ['Dashboard', ...EVERYONE, 'Logout']],
      ['editor', ['Dashboard', 'Upload Audio', ...EVERYONE, 'Logout']],
      ['admin', ['Dashboard', 'Upload Audio', ...ADMIN, ...EVERYONE, 'Logout']],
    ] as const) {
      const { page, context } = await newPage(browser)
      await signIn(page, role)
      expect(await menuLabels(page), role).toEqual(expected)
      await page.getByRole('menuitem', { name: 'About' }).click()
      await page.waitForURL('**/about')
      await page.getByRole('menu').waitFor({ state: 'hidden' })
      await context.close()
    }
  })

  it('shows the menu as a list on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true })
    await signIn(page, 'learner')
    await page.getByRole('button', { name: 'Menu' }).click()
    const nav = page.getByRole('navigation', { name: 'Navigation' })
    await nav.getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/about')
    await nav.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('redirects each layout as the spec says', async () => {
    const anon = await newPage(browser)
    for (const path of ['/app/dashboard', '/app/calendar', '/editor/manage', '/admin/idioms']) {
      await anon.page.goto(path)
      await anon.page.waitForURL(`${baseUrl()}/`)
    }
    await anon.context.close()

    const learner = await newPage(browser)
    await signIn(learner.page, 'learner')
    await learner.page.goto('/editor/manage')
    await learner.page.waitForURL('**/app/dashboard')
    await learner.page.goto('/admin/idioms')
    await learner.page.waitForURL(/\/admin$/)
    await learner.page
      .getByText(/not authori[sz]ed/i)
      .first()
      .waitFor()
    await learner.page.goto('/')
    await learner.page.waitForURL('**/app/dashboard')
    await learner.context.close()

    const editor = await newPage(browser)
    await signIn(editor.page, 'editor')
    await editor.page.goto('/editor/manage')
    await editor.page.waitForLoadState('networkidle')
    expect(new URL(editor.page.url()).pathname).toBe('/editor/manage')
    await editor.context.close()
  })

  it('logs out back to the site origin', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'learner')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL(`${baseUrl()}/`)
    await page.getByRole('button', { name: 'Login / Signup' }).waitFor()
    await page.goto('/app/dashboard')
    await page.waitForURL(`${baseUrl()}/`)
    await context.close()
  })

  it('holds a learner at the beta gate until the right password', async () => {
    const admin = await newPage(browser)
    await signIn(admin.page, 'admin')
    const token = await accessToken(admin.page)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const current = (await (await fetch(`${baseUrl()}/api/settings`, { headers })).json()) as {
      settings: Record<string, string>
    }
    const setBeta = (on: boolean) =>
      fetch(`${baseUrl()}/api/settings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          settings: {
            ...current.settings,
            inBeta: String(on),
            betaKey: betaKeyFor('alfajor', current.settings.testKey!),
          },
        }),
      })
    expect((await setBeta(true)).status).toBe(200)
    try {
      const { page, context } = await newPage(browser)
      await page.goto('/')
      const password = page.getByLabel('Beta password')
      await password.fill('medialuna')
      await page.keyboard.press('Enter')
      await page
        .getByText(/not right/i)
        .first()
        .waitFor()
      await password.fill('alfajor')
      await page.keyboard.press('Enter')
      await password.waitFor({ state: 'detached' })
      await signIn(page, 'learner')
      await page.getByText(/Lucía/).first().waitFor()
      const cookies = await context.cookies()
      expect(cookies.find((c) => c.name === 'betaKey')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      })
      await context.close()
    } finally {
      expect((await setBeta(false)).status).toBe(200)
      await admin.context.close()
    }
  })
})
