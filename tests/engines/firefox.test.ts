// The journey in Firefox ESR (puppeteer-core over WebDriver BiDi), in a network namespace of its own
// (tests/engines/journey.ts).
import { engineUnavailable, launchFirefox } from './engines'
import { journeySuite } from './journey'

journeySuite('firefox', () => engineUnavailable('firefox'), launchFirefox)
