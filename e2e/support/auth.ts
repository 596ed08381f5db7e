import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { E2E_USERS } from '../global-setup.js'

export type E2ERole = keyof typeof E2E_USERS

/** Sign in through the landing page and the embedded provider's sign-in form. */
export async function signIn(
  page: Page,
  who: E2ERole | { email: string; password: string },
): Promise<void> {
  const user = typeof who === 'string' ? E2E_USERS[who] : who
  await page.goto('/')
  await page.getByRole('button', { name: 'Login / Signup' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/app/dashboard')
}

/**
 * Create an account through the landing page and the provider's sign-up form, and wait until the
 * SPA has synced the new profile (POST /api/users/sync): only then does the API know the learner,
 * so a test may call it straight away.
 */
export async function signUp(
  page: Page,
  user: { email: string; name: string; password: string },
): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Login / Signup' }).click()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('Password').fill(user.password)
  const synced = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/sync') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Create account' }).click()
  expect((await synced).status()).toBe(200)
  await page.waitForURL('**/app/dashboard')
}

/** The signed-in user's API access token, as oidc-client-ts keeps it in local storage. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
    }
    return null
  })
  expect(token).toBeTruthy()
  return token!
}

/** Open the navigation menu and read its item labels in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('menu')
  await menu.waitFor()
  return menu.getByRole('menuitem').allInnerTexts()
}
