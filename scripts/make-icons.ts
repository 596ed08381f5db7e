// `npx tsx scripts/make-icons.ts`: draws the PNG app icons (manifest, Apple touch icon) from
// apps/web/public/favicon.svg in headless Chromium. The PNGs are committed; run this again only
// when the logo changes.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'

const PUBLIC = resolve(import.meta.dirname, '../apps/web/public')
const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8')
const BRAND = '#1971c2'

/** name, size in px, and the share of the square the logo fills (maskable icons keep a safe zone). */
const ICONS = [
  ['icons/icon-192.png', 192, 1],
  ['icons/icon-512.png', 512, 1],
  ['icons/maskable-512.png', 512, 0.72],
  ['icons/apple-touch-icon-180.png', 180, 0.86],
] as const

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
for (const [name, size, fill] of ICONS) {
  const logo = Math.round(size * fill)
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${fill < 1 ? BRAND : 'transparent'}">
      <div style="width:${logo}px;height:${logo}px">${svg.replace('<svg ', `<svg width="${logo}" height="${logo}" `)}</div>
    </body></html>`,
  )
  await page.screenshot({ path: join(PUBLIC, name), omitBackground: fill === 1 })
  console.log(`${name} ${size}×${size}`)
}
await browser.close()
