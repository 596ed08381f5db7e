import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './support/auth.js'
import { launchBrowser, newPage } from './support/browser.js'

/**
 * Accounts people manage themselves: a learner changes their password and downloads their data
 * from the account page (linked from Preferences), an admin disables and re-enables them, and
 * the learner finally deletes the account. Set ACCOUNTS_SCREENSHOTS=<dir> to save the screens.
 */

const PASSWORD = 'facturas-con-dulce-3'
const NEW_PASSWORD = 'colectivo-lleno-a-las-siete'
const shots = process.env.ACCOUNTS_SCREENSHOTS

async function screenshot(page: Page, name: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: join(shots, `${name}-${w}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('accounts', () => {
  let browser: Browser
  let close: () => Promise<void>
  let learner: Page
  let admin: Page
  const email = `account-${randomUUID().slice(0, 8)}@e2e.test`

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
    ;({ page: learner } = await newPage(browser))
    await learner.goto('/')
    await learner.getByRole('button', { name: 'Login / Signup' }).click()
    await learner.getByRole('link', { name: 'Create an account' }).click()
    await learner.getByLabel('E-mail').fill(email)
    await learner.getByLabel('Name').fill('Valeria Cuenta')
    await learner.getByLabel('Password').fill(PASSWORD)
    await learner.getByRole('button', { name: 'Create account' }).click()
    await learner.waitForURL('**/app/dashboard')
    ;({ page: admin } = await newPage(browser))
    await signIn(admin, 'admin')
  })
  afterAll(async () => {
    await close?.()
  })

  it('answers an unknown address and a wrong password with the same message', async () => {
    const { page } = await newPage(browser)
    for (const address of ['nobody-here@e2e.test', email]) {
      await page.goto('/')
      await page.getByRole('button', { name: 'Login / Signup' }).click()
      await page.getByLabel('E-mail').fill(address)
      await page.getByLabel('Password').fill('not-the-password-at-all')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect
        .poll(() => page.getByRole('alert').innerText())
        .toBe('The e-mail address or the password is wrong. Try again.')
    }
    await page.context().close()
  })

  it('changes the password with the current one and downloads the data as JSON', async () => {
    await learner.goto('/app/preferences')
    await learner.getByRole('link', { name: 'Account' }).click()
    await learner.waitForURL('**/app/account')
    await learner.getByRole('heading', { name: 'Change your password' }).waitFor()
    await screenshot(learner, 'account')

    await learner.getByLabel('Current password').fill('not my password')
    await learner.getByLabel('New password').fill(NEW_PASSWORD)
    await learner.getByRole('button', { name: 'Change password' }).click()
    await learner.getByText('The current password is wrong').waitFor()
    await learner.getByLabel('Current password').fill(PASSWORD)
    await learner.getByRole('button', { name: 'Change password' }).click()
    await learner.getByText('Your password is changed').waitFor()

    const [download] = await Promise.all([
      learner.waitForEvent('download'),
      learner.getByRole('button', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^che-idioms-data-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { email: string; name: string }
      progress: unknown[]
      reviewLog: unknown[]
    }
    expect(data.profile).toMatchObject({ email, name: 'Valeria Cuenta' })
    expect(data.progress).toEqual([])
    expect(data.reviewLog).toEqual([])
  })

  it('lets an admin disable the account, which is refused at once, then enable it again', async () => {
    await admin.goto('/admin/users')
    await admin.getByRole('heading', { name: 'Accounts' }).waitFor()
    await admin.getByRole('button', { name: `Disable ${email}` }).click()
    const row = admin.getByRole('row').filter({ hasText: email })
    await row.getByText('Disabled').waitFor()
    await screenshot(admin, 'admin-users')

    // The learner's very next call is refused, with the reason.
    await learner.goto('/app/dashboard')
    await learner.getByText('This account is disabled').waitFor()

    await admin.getByRole('button', { name: `Enable ${email}` }).click()
    await row.getByText('Active').waitFor()
    await learner.reload()
    await learner.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(await learner.getByText('This account is disabled').count()).toBe(0)
  })

  it('deletes the account after the typed confirmation; the address no longer signs in', async () => {
    await learner.goto('/app/account')
    const remove = learner.getByRole('button', { name: 'Delete my account' })
    await remove.waitFor()
    expect(await remove.isDisabled()).toBe(true)
    await learner.getByLabel('Type DELETE to confirm').fill('DELETE')
    await remove.click()
    await learner.getByRole('button', { name: 'Login / Signup' }).waitFor({ timeout: 20_000 })
    // The sign-out went through the identity provider and back: the landing page says it worked.
    await learner
      .getByRole('status')
      .getByText(/^Your account has been deleted/)
      .waitFor()

    await learner.getByRole('button', { name: 'Login / Signup' }).click()
    await learner.getByLabel('E-mail').fill(email)
    await learner.getByLabel('Password').fill(NEW_PASSWORD)
    await learner.getByRole('button', { name: 'Sign in' }).click()
    await learner.getByText('The e-mail address or the password is wrong').waitFor()
    await admin.reload()
    await admin.getByRole('heading', { name: 'Accounts' }).waitFor()
    expect(await admin.getByRole('row').filter({ hasText: email }).count()).toBe(0)
  })
})
