// The journey in WebKitGTK (the engine of every iPhone browser, as Debian ships it: MiniBrowser under
// WebKitWebDriver, under xvfb), in a network namespace of its own (tests/engines/journey.ts).
import { engineUnavailable, launchWebKit } from './engines'
import { journeySuite } from './journey'

journeySuite('webkit', () => engineUnavailable('webkit'), launchWebKit)
