// Developer aid: screenshots pages at phone (390×844) and desktop (1280×800) sizes in Debian's Chromium.
// Usage: node scripts/screenshot.mjs http://localhost:3000/path out-prefix [token]
import { chromium } from 'playwright-core'

const [url, prefix = 'shot', token] = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: name === 'phone', hasTouch: name === 'phone' })
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  page.on('console', (m) => m.type() === 'error' && console.log(`[${name}] console:`, m.text()))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: process.env.FULL === '1' })
  await context.close()
}
await browser.close()
console.log(`wrote ${prefix}-phone.png and ${prefix}-desktop.png`)
