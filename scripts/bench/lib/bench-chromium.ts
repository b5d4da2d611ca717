// Debian's Chromium for the benches that drive the built app: the project's flags, and no third parties
// (map tiles) by name resolution, not request interception, which would turn the HTTP cache off and make
// the worker fetch again what the page has just loaded.
import { chromium } from 'playwright-core'

export const launchBenchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  })

/** The phone Lighthouse's mobile settings emulate (its screenEmulation), as a Playwright context. */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
