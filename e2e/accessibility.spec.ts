import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest'
import { accessToken, signIn } from './support/auth.js'
import { scan } from './support/axe.js'
import { baseUrl, launchBrowser, settle } from './support/browser.js'
import { api } from './support/api.js'

/**
 * Issue 13.1: every route of the spec, as each role, at a desktop and a phone size, scanned with
 * axe-core in real Chromium. Any serious or critical violation fails; minor and moderate ones are
 * counted and printed.
 *
 * The eight tests run two at a time (describe.concurrent; the e2e project's maxConcurrency is 2):
 * each has its own browser context and only reads from the server, and while one page waits for
 * the network to go quiet the other is being scanned (decision 046). Each test asserts with its
 * own `expect`, so a failure is reported against the test that made it.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

const PUBLIC = ['/', '/about', '/license', '/chat', '/no/such/page']
const LEARNER = [
  '/app/dashboard',
  '/app/preferences',
  '/app/exercise',
  '/app/calendar',
  '/app/sandbox',
  '/app/reports',
  '/app/bugreport',
]
const ADMIN = [
  '/admin/idioms',
  '/admin/idiom',
  '/admin/import',
  '/admin/example',
  '/admin/audio',
  '/admin/settings',
  '/admin/prompts',
  '/admin/resetcache',
  '/admin/bugreports',
]

// Two tests share the machine's two cores, so each gets twice the e2e project's 60 s.
describe.concurrent('accessibility: axe-core over every screen', { timeout: 120_000 }, () => {
  let browser: Browser
  let close: () => Promise<void>
  let minorTotal = 0
  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
  })
  afterAll(async () => {
    console.log(`[a11y] minor or moderate violations (nodes) over all scans: ${minorTotal}`)
    await close()
  })

  async function scanAll(
    expect: ExpectStatic,
    page: Page,
    paths: string[],
    tag: string,
  ): Promise<string[]> {
    const failures: string[] = []
    for (const path of paths) {
      await page.goto(path)
      await settle(page)
      const label = `${tag} ${path}${new URL(page.url()).pathname !== path ? ` → ${new URL(page.url()).pathname}` : ''}`
      const result = await scan(page, label)
      expect(await page.locator('main').count(), `${label}: one <main>`).toBe(1)
      failures.push(...result.failures)
      minorTotal += result.minor
      console.log(`[a11y] ${label}: ${result.failures.length} serious, ${result.minor} minor`)
    }
    return failures
  }

  for (const vp of VIEWPORTS) {
    const viewport = { width: vp.width, height: vp.height }

    it(`a visitor's pages and the sign-in and sign-up pages (${vp.name})`, async ({ expect }) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport })
      const page = await context.newPage()
      // The public problem form is a visitor's page; the learner scan is long enough already.
      const failures = await scanAll(
        expect,
        page,
        [...PUBLIC, '/report-a-problem'],
        `visitor/${vp.name}`,
      )

      await page.goto('/')
      await page.getByRole('button', { name: 'Login / Signup' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      failures.push(...(await scan(page, `sign-in/${vp.name}`)).failures)
      // With an error shown.
      await page.getByLabel('E-mail').fill('nobody@e2e.test')
      await page.getByLabel('Password').fill('not-the-password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('alert').waitFor()
      failures.push(...(await scan(page, `sign-in error/${vp.name}`)).failures)
      await page.getByRole('link', { name: 'Create an account' }).click()
      await page.getByRole('heading', { name: 'Create an account' }).waitFor()
      failures.push(...(await scan(page, `sign-up/${vp.name}`)).failures)
      expect(await page.locator('main').count()).toBe(1)
      await context.close()
      expect(failures, failures.join('\n')).toEqual([])
    })

    it(`a learner's pages (${vp.name})`, async ({ expect }) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport })
      const page = await context.newPage()
      await signIn(page, 'learner')
      const token = await accessToken(page)
      const next = await api<{ exampleId: string }>(token, 'GET', '/api/exercises/next').catch(
        () => null,
      )
      const paths = [
        ...LEARNER,
        ...(next ? [`/app/bugreport/${next.exampleId}`] : []),
        '/admin',
        ...PUBLIC.slice(1),
      ]
      const failures = await scanAll(expect, page, paths, `learner/${vp.name}`)
      await context.close()
      expect(failures, failures.join('\n')).toEqual([])
    })

    it(`an editor's pages (${vp.name})`, async ({ expect }) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport })
      const page = await context.newPage()
      await signIn(page, 'editor')
      const failures = await scanAll(
        expect,
        page,
        ['/editor/manage', '/app/dashboard'],
        `editor/${vp.name}`,
      )
      await context.close()
      expect(failures, failures.join('\n')).toEqual([])
    })

    it(`an admin's pages (${vp.name})`, async ({ expect }) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport })
      const page = await context.newPage()
      await signIn(page, 'admin')
      const token = await accessToken(page)
      const idioms = await api<{ idiomId: string }[]>(token, 'GET', '/api/idioms')
      const idiomId = idioms[0]?.idiomId
      const paths = [
        ...ADMIN,
        ...(idiomId ? [`/admin/idioms/${idiomId}`, `/admin/example/${idiomId}`] : []),
        '/editor/manage',
        '/app/preferences',
      ]
      const failures = await scanAll(expect, page, paths, `admin/${vp.name}`)
      await context.close()
      expect(failures, failures.join('\n')).toEqual([])
    })
  }
})
