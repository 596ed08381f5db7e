// Not a test: `node --import tsx e2e/support/screenshots.ts <baseUrl> <outDir>` signs in as the
// e2e admin and learner and saves a PNG of every screen at desktop and phone widths, for people
// to look at. Start a server first (see e2e/global-setup.ts for how the accounts are made).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'

const [baseUrl = 'http://127.0.0.1:3000', out = 'screenshots'] = process.argv.slice(2)
mkdirSync(out, { recursive: true })

const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', password: 'dulce-de-leche-9' },
  learner: { email: 'learner@e2e.test', password: 'mate-amargo-42' },
}
const PUBLIC = ['/', '/about', '/license', '/chat', '/report-a-problem']
const LEARNER = [
  '/app/dashboard',
  '/app/preferences',
  '/app/exercise',
  '/app/calendar',
  '/app/sandbox',
  '/app/reports',
  '/app/bugreport',
  '/app/account',
]
const ADMIN = [
  '/editor/manage',
  '/admin/idioms',
  '/admin/idiom',
  '/admin/import',
  '/admin/example',
  '/admin/audio',
  '/admin/settings',
  '/admin/prompts',
  '/admin/resetcache',
  '/admin/users',
  '/admin/bugreports',
]

async function signIn(page: Page, who: keyof typeof ACCOUNTS) {
  await page.goto(`${baseUrl}/`)
  await page.getByRole('button', { name: 'Login / Signup' }).click()
  await page.getByLabel('E-mail').fill(ACCOUNTS[who].email)
  await page.getByLabel('Password').fill(ACCOUNTS[who].password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/app/dashboard')
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
for (const [width, height, tag] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  for (const [who, paths] of [
    [null, PUBLIC],
    ['learner', LEARNER],
    ['admin', ADMIN],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } })
    const page = await context.newPage()
    if (who) await signIn(page, who)
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`)
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(400)
      const name = `${tag}-${who ?? 'visitor'}${path.replaceAll('/', '_') || '_'}.png`
      await page.screenshot({ path: join(out, name), fullPage: true })
    }
    if (!who) {
      await page.goto(`${baseUrl}/`)
      await page.getByRole('button', { name: 'Login / Signup' }).click()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: join(out, `${tag}-signin.png`), fullPage: true })
    }
    await context.close()
  }
}
await browser.close()
console.log(`screenshots in ${out}`)
