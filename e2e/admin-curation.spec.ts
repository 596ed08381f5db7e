import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentFile, Idiom } from '@che/core'
import { api } from './support/api.js'
import { accessToken, signIn } from './support/auth.js'
import { launchBrowser, newPage } from './support/browser.js'

/**
 * Set CURATION_SCREENSHOTS=<dir> to save the idiom form with two senses (and with an empty second
 * sense refused), the CSV review with a row's senses opened, and the idiom page with its restore
 * button and dialog.
 */
const shots = process.env.CURATION_SCREENSHOTS

async function screenshot(page: Page, name: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  await page.screenshot({
    path: join(shots, `${name}-1280.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

describe('admin curation: idioms, examples, CSV import and settings', () => {
  let browser: Browser
  let close: (() => Promise<void>) | undefined
  let page: Page
  const tmp = mkdtempSync(join(tmpdir(), 'che-e2e-csv-'))
  const run = randomUUID().slice(0, 6)

  beforeAll(async () => {
    ;({ browser, close } = await launchBrowser())
    ;({ page } = await newPage(browser))
    await signIn(page, 'admin')
  })
  afterAll(async () => {
    await close?.()
    rmSync(tmp, { recursive: true, force: true })
  })

  it("creates an idiom of two senses, is asked 'Idiom saved. Add an example?' and adds one", async () => {
    const text = `Estar al horno ${run}`
    await page.goto('/admin/idiom')
    await page.getByRole('heading', { name: 'Create Idiom' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Tone' }).inputValue()).toBe('Casual')
    expect(await page.getByRole('slider', { name: 'Usage' }).getAttribute('aria-valuenow')).toBe(
      '8',
    )
    await page.getByRole('textbox', { name: 'Text' }).fill(text)
    await page
      .getByRole('textbox', { name: 'Translation' })
      .fill('To be in trouble; to be very hot')
    // Two senses (decision 067): the meanings typed so far become the first.
    await page
      .getByRole('textbox', { name: /Meanings in English/ })
      .fill('be in trouble\nbe in hot water')
    await page.getByRole('button', { name: 'Add a second sense' }).click()
    const [first, second] = [1, 2].map((n) =>
      page.getByRole('textbox', { name: new RegExp(`Sense ${n}`) }),
    )
    expect(await first!.inputValue()).toBe('be in trouble\nbe in hot water')
    // Saved with Sense 2 still empty: the problem is shown at Sense 2, not under Sense 1.
    await page.getByRole('button', { name: 'Create idiom' }).click()
    await page.getByText('Each sense needs at least one phrase').waitFor()
    expect(await second!.getAttribute('aria-invalid')).toBe('true')
    expect(await first!.getAttribute('aria-invalid')).not.toBe('true')
    await screenshot(page, 'idiom-form-empty-sense')
    await second!.fill('be boiling\nbe roasting')
    await screenshot(page, 'idiom-form-two-senses')
    await page.getByRole('button', { name: 'Create idiom' }).click()

    const confirm = page.getByRole('dialog', { name: 'Idiom saved. Add an example?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Add example' }).click()
    await page.waitForURL(/\/admin\/example\/[0-9a-f-]{36}$/)
    const idiomId = new URL(page.url()).pathname.split('/').pop()!
    await page.getByRole('heading', { name: 'Create Example' }).waitFor()
    expect(
      await page
        .getByRole('textbox', { name: 'Idiom' })
        .or(page.getByRole('combobox', { name: 'Idiom' }))
        .inputValue(),
    ).toBe(text)

    await page.getByRole('textbox', { name: 'Text' }).fill('Che, con este laburo estamos al horno.')
    await page.getByRole('textbox', { name: 'Conjugated snippet' }).fill('estar al horno')
    await page.getByRole('button', { name: 'Create example' }).click()
    await page.getByText('The snippet must appear in the text').waitFor()

    await page.getByRole('textbox', { name: 'Conjugated snippet' }).fill('estamos al horno')
    await page
      .getByRole('textbox', { name: 'Translation' })
      .fill('Hey, with this job we are in trouble.')
    await page.getByRole('button', { name: 'Create example' }).click()
    await page.getByText(`Example added to “${text}”.`).waitFor()

    await page.getByRole('link', { name: 'View the idiom and its examples' }).click()
    await page.waitForURL(`**/admin/idioms/${idiomId}`)
    await page.getByRole('heading', { name: text }).waitFor()
    await page.getByText('Che, con este laburo').waitFor()
    const senses = page.getByRole('region', { name: '2 senses' })
    expect(await senses.getByRole('listitem').allTextContents()).toEqual([
      'be in trouble · be in hot water',
      'be boiling · be roasting',
    ])
    await screenshot(page, 'idiom-two-senses')
    const idiom = await api<Idiom>(await accessToken(page), 'GET', `/api/idiom/${idiomId}`)
    expect(idiom).toMatchObject({
      meanings: [],
      senses: [
        ['be in trouble', 'be in hot water'],
        ['be boiling', 'be roasting'],
      ],
    })
  })

  it("imports a CSV with meanings, senses, a bad row and a duplicate and reads 'Successfully saved 3 / errors: 1 / duplicates: 1.'", async () => {
    const file = join(tmp, 'idioms.csv')
    const bolas = `Estar en bolas ${run}`
    writeFileSync(
      file,
      [
        'text,translation,tone,usage,meanings,senses',
        `Tirar la chancleta ${run},To let loose,Street,5,let loose | let one's hair down,`,
        `Ni a palos ${run},No way,Casual,9,,`,
        `Fila mala ${run},Bad row,Posh,12,,`,
        `TIRAR LA CHANCLETA ${run.toUpperCase()},To let loose (again),Casual,4,,`,
        `${bolas},To be clueless; to be stark naked,Street,7,,be clueless | have no idea || be stark naked | in the buff`,
      ].join('\n'),
    )
    await page.goto('/admin/import')
    await page.getByRole('button', { name: 'Parse' }).click()
    await page.getByText('Please select a CSV file first').waitFor()

    await page.locator('input[type="file"]').setInputFiles(file)
    await page.getByRole('button', { name: 'Parse' }).click()
    const table = page.getByRole('table', { name: 'Parsed rows' })
    await table.waitFor()
    expect(
      await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))),
    ).toEqual(['new', 'new', 'error', 'duplicate', 'new'])
    await table.getByText('Duplicate of row 1').waitFor()
    await table.getByText(/Unknown tone "Posh"/).waitFor()
    // Each row's meanings and senses: counted, their phrases shown when opened.
    const rows = table.locator('tbody tr')
    await rows.nth(0).getByRole('button', { name: '2 meanings' }).click()
    await rows.nth(4).getByRole('button', { name: '2 senses' }).click()
    expect(
      await rows
        .nth(4)
        .getByRole('list', { name: 'Phrases of row 5' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['Sense 1: be clueless · have no idea', 'Sense 2: be stark naked · in the buff'])
    await rows.nth(0).getByText("Meanings: let loose · let one's hair down").waitFor()
    await screenshot(page, 'csv-review-senses')

    await page.getByRole('button', { name: 'Save 3 new idioms' }).click()
    await page
      .getByText('Successfully saved 3 / errors: 1 / duplicates: 1.', { exact: true })
      .waitFor()
    const token = await accessToken(page)
    const summaries = await api<{ idiomId: string; text: string }[]>(token, 'GET', '/api/idioms')
    const saved = summaries.find((i) => i.text === bolas)!
    expect(await api<Idiom>(token, 'GET', `/api/idiom/${saved.idiomId}`)).toMatchObject({
      meanings: [],
      senses: [
        ['be clueless', 'have no idea'],
        ['be stark naked', 'in the buff'],
      ],
    })

    await page.getByRole('button', { name: 'Upload another' }).click()
    expect(await table.count()).toBe(0)

    await page.goto('/admin/idioms')
    await page.getByLabel('Search').fill(`ni a palos ${run}`)
    await page.getByRole('link', { name: `Ni a palos ${run}` }).waitFor()
  })

  it('edits a setting with a long multi-line value that is shown multi-line, saved and kept after a reload', async () => {
    const key = `welcome_${run}`
    const firstLine = '¡Bienvenidos a Che Idioms! Practicá modismos rioplatenses todos los días.'
    await page.goto('/admin/settings')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.getByLabel('New setting key').fill(key)
    await page.getByRole('button', { name: 'Add key' }).click()

    const field = page.getByLabel(key, { exact: true })
    expect(await field.evaluate((el) => el.tagName)).toBe('INPUT')
    await field.pressSequentially(firstLine)
    // Past 60 characters the value moves to a multi-line field, keeping the caret.
    expect(await field.evaluate((el) => el.tagName)).toBe('TEXTAREA')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Second line.')

    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Settings saved.').waitFor()

    await page.reload()
    const reloaded = page.getByLabel(key, { exact: true })
    await reloaded.waitFor()
    expect(await reloaded.evaluate((el) => el.tagName)).toBe('TEXTAREA')
    expect(await reloaded.inputValue()).toBe(`${firstLine}\nSecond line.`)
  })

  it('edits a library idiom’s meanings, then takes the library’s lists again with “Restore library lists”', async () => {
    // A library idiom from the repository's content, which the server imported on start.
    const library = contentFile('part-2.json').idioms[3]!
    const token = await accessToken(page)
    const summaries = await api<{ idiomId: string; text: string }[]>(token, 'GET', '/api/idioms')
    const idiomId = summaries.find((i) => i.text === library.text)!.idiomId
    await page.goto(`/admin/idioms/${idiomId}`)
    await page.getByRole('heading', { name: library.text }).waitFor()
    await page.getByRole('button', { name: 'Edit idiom' }).waitFor()
    expect(await page.getByRole('button', { name: 'Restore library lists' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Edit idiom' }).click()
    const meanings = page.getByRole('textbox', { name: /Meanings in English/ })
    await meanings.fill(`it's over and done with (admin ${run})`)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Idiom updated.').waitFor()
    const restore = page.getByRole('button', { name: 'Restore library lists' })
    await restore.waitFor()
    await page.getByText('the library’s updates no longer change them').waitFor()
    await screenshot(page, 'idiom-lists-edited')

    await restore.click()
    const dialog = page.getByRole('dialog', { name: 'Restore the library’s lists?' })
    await dialog.waitFor()
    await screenshot(page, 'idiom-restore-confirm')
    await dialog.getByRole('button', { name: 'Restore library lists' }).click()
    await page.getByText('Library lists restored').waitFor()
    await page
      .getByText(
        `“${library.text}” has the library’s ${library.meanings.length} meanings and ${library.literals.length} literal readings again.`,
      )
      .waitFor()
    await restore.waitFor({ state: 'detached' })
    // The form's earlier "Idiom updated." is not left standing over the restore.
    expect(await page.getByText('Idiom updated.').count()).toBe(0)
    await screenshot(page, 'idiom-lists-restored')

    const restored = await api<Idiom>(token, 'GET', `/api/idiom/${idiomId}`)
    expect(restored).toMatchObject({
      meanings: library.meanings,
      literals: library.literals,
      listsOrigin: 'library',
    })
  })
})

function contentFile(name: string): ContentFile {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'content', 'idioms', name), 'utf8'),
  ) as ContentFile
}
