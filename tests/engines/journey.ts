// The cross-engine journey (issue 26), the same in WebKitGTK and Firefox ESR, at a phone's size: landing
// search, a listing, /map, sign-in, a chat send, long-press, service worker control, the manifest, then
// real offline (the namespace's default route dropped): reloads of the search, the listing and the chat,
// and a message written offline delivered exactly once after reconnecting (the server's data: one row);
// then lie-fi, hang and reset (netns.setLink): still signed in, the chat's saved copy, a message sent
// meanwhile delivered once within 10 s of the link coming back.
// Each check is timed and counted; console errors and CSP violations are collected for the online part
// (goal and assertion: none) and the offline and lie-fi parts (reported: failed requests are expected there).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiLogin, startApp, uniqueWord, type RunningApp } from '../e2e/harness'
import type { Engine } from './engines'
import { createNetns, netnsUnavailable, type LinkState, type Netns } from './netns'

const PHONE = { width: 390, height: 844 }
/** ENGINE_SHOTS=<dir>: a screenshot after each check. */
const SHOTS = process.env.ENGINE_SHOTS
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls a page function until it returns something truthy (and returns that), or throws with `what`. */
async function waitFor<T>(engine: Engine, what: string, body: string, args: unknown[] = [], timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      last = await engine.run<T>(body, ...args)
      if (last) return last as T
    } catch (err) {
      last = err
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${String(last)})`)
    await sleep(200)
  }
}

/** Errors about this app, not about a third party the namespace cannot reach (map tiles: no internet here). */
const PROBE = 'engines-console-probe'
const firstParty = (errors: string[]) => errors.filter((e) => !/https:\/\/[a-z0-9.-]*(openstreetmap|stripe|google)/i.test(e) && !e.includes(PROBE))

const READY = `() => document.documentElement.hasAttribute('data-ready')`
/** A message waiting in the app's outbox (src/lib/outbox.ts) that has had an attempt and is still there. */
const TRIED_IN_OUTBOX = `(text) => new Promise((resolve) => {
  const open = indexedDB.open('nookshare-outbox')
  open.onerror = () => resolve(false)
  open.onsuccess = () => {
    const db = open.result
    if (!db.objectStoreNames.contains('messages')) return db.close(), resolve(false)
    const all = db.transaction('messages').objectStore('messages').getAll()
    all.onsuccess = () => (db.close(), resolve(all.result.some((r) => r.content === text && r.attempts >= 1)))
    all.onerror = () => (db.close(), resolve(false))
  }
})`

export function journeySuite(kind: 'webkit' | 'firefox', unavailable: () => string | undefined, launch: (ns: Netns, size: typeof PHONE) => Promise<Engine>) {
  const why = netnsUnavailable() ?? unavailable()
  if (why) {
    console.log(`[engines] ${kind}: SKIPPED — ${why}`)
    it.skip(`${kind} journey (skipped: ${why})`, () => undefined)
    return
  }
  let ns: Netns
  let app: RunningApp
  let engine: Engine
  let base = ''
  beforeAll(async () => {
    ns = await createNetns()
    app = await startApp({}, { host: ns.appIp })
    const port = Number(new URL(app.baseUrl).port)
    await ns.exposeApp(port)
    base = `http://127.0.0.1:${port}`
    engine = await launch(ns, PHONE)
  }, 180_000)
  afterAll(async () => {
    await engine?.close()
    await app?.stop()
    await ns?.close()
  })

  it(`${kind}: the journey, online, offline, then on lie-fi`, { timeout: 480_000 }, async () => {
    const passed: string[] = []
    const failed: string[] = []
    const check = async (name: string, fn: () => Promise<void>) => {
      const t = Date.now()
      try {
        await fn()
        passed.push(name)
        console.log(`[engines] ${engine.name}: ✓ ${name} (${Date.now() - t} ms)`)
      } catch (err) {
        failed.push(`${name}: ${(err as Error).message.split('\n')[0]}`)
        const shown = await engine.run<string>(`() => location.href + ' | ' + document.body.innerText.replace(/\\s+/g, ' ').slice(0, 400)`).catch(() => '?')
        console.log(`[engines] ${engine.name}: ✗ ${name}: ${(err as Error).message}\n[engines]     on screen: ${shown}`)
      }
      await shoot(name)
    }
    const present = (selector: string) => waitFor(engine, selector, `(s) => Boolean(document.querySelector(s))`, [selector])
    const typeIn = async (selector: string, text: string) => {
      await present(selector)
      await engine.type(selector, text)
    }
    const clickOn = async (selector: string) => {
      await present(selector)
      await engine.click(selector)
    }
    const shoot = async (name: string) => {
      if (!SHOTS) return
      mkdirSync(SHOTS, { recursive: true })
      await engine
        .screenshot(path.join(SHOTS, `${kind}-${String(++shots).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`))
        .catch(() => undefined)
    }
    let shots = 0
    const api = async <T>(path: string, token?: string): Promise<T> =>
      (await (await fetch(`${app.baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as T
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const host = await api<{ _id: string }>('/user-profile', hostToken)
    const rowsWith = async (text: string) =>
      (await api<{ messages: Array<{ content: string }> }>(`/messages/${host._id}`, renterToken)).messages.filter((m) => m.content === text).length
    const found = await api<Array<{ _id: string; title: string }>>('/storages?q=Toronto')
    let listing = { id: '', title: '' }
    let browserToken = ''
    const started = Date.now()
    const viewport = engine.viewport
    console.log(`[engines] ${engine.name}: ${engine.version}; window ${viewport.width}×${viewport.height} (asked ${PHONE.width}×${PHONE.height})`)

    await check('landing search', async () => {
      await engine.goto(`${base}/`)
      // A visitor's page starts the app at their first touch (here, typing into the search).
      await typeIn('form[role=search] input[name=q]', 'Toronto')
      await waitFor(engine, 'the landing page starts', READY)
      await clickOn('form[role=search] button[type=submit]')
      await waitFor(
        engine,
        'results for Toronto',
        `(t) => location.pathname === '/storages' && location.search.includes('Toronto') && document.body.innerText.includes(t)`,
        [found[0]!.title],
      )
    })
    await check('console errors are seen (a probe)', async () => {
      // The collection itself works: an error logged by the page shows up in what the engine reports.
      await engine.run(`() => console.error('${PROBE}')`)
      for (const end = Date.now() + 5000; !(await engine.consoleErrors()).some((e) => e.includes(PROBE)) && Date.now() < end;) await sleep(100)
      expect((await engine.consoleErrors()).some((e) => e.includes(PROBE))).toBe(true)
    })
    await check('service worker control', async () => {
      await waitFor(engine, 'a worker controls the page', `() => navigator.serviceWorker.controller?.state === 'activated'`, [], 60_000)
    })
    await check('a listing', async () => {
      const href = await engine.run<string>(`() => document.querySelector('[data-testid=storage-card]').getAttribute('href')`)
      const id = href.split('/').pop()!.split('?')[0]!
      listing = { id, title: (await api<{ title: string }>(`/storages/${id}`)).title }
      await clickOn('[data-testid=storage-card]')
      await waitFor(engine, 'the listing', `(t) => document.querySelector('h1')?.innerText === t`, [listing.title])
    })
    await check('/map', async () => {
      await engine.goto(`${base}/map`)
      await waitFor(
        engine,
        'price markers on the map',
        `() => Boolean(document.querySelector('.leaflet-container')) && document.querySelectorAll('[data-testid=price-marker], [data-testid=price-cluster]').length > 0`,
      )
    })
    await check('sign-in', async () => {
      await engine.goto(`${base}/login`)
      await waitFor(engine, 'the login page starts', READY)
      await typeIn('input[type=email]', 'renter@nookshare.test')
      await typeIn('input[type=password]', 'nookshare-demo')
      await clickOn('form button[type=submit]')
      await waitFor(engine, 'signed in', `() => Boolean(localStorage.getItem('token')) && Boolean(document.querySelector('[aria-label^="Account menu"]'))`)
      // …and on the page the app then opens (the landing page, its route loaded). Leaving while a route's code
      // loads once made Firefox's next goto fail (the router reloaded the page being left); that is fixed and
      // checked by firefox-leaving.test.ts, and this step checks where sign-in lands.
      await waitFor(
        engine,
        'the landing page after sign-in',
        `() => location.pathname === '/' && Boolean(document.querySelector('form[role=search][action="/storages"]'))`,
      )
      browserToken = await engine.run<string>(`() => localStorage.getItem('token')`)
    })
    const sent = `Is the unit dry in winter? ${kind} ${uniqueWord()}`
    await check('a chat send', async () => {
      await engine.goto(`${base}/messages?chat=${host._id}`)
      await waitFor(engine, 'the chat', `() => Boolean(document.querySelector('#message-text'))`)
      await typeIn('#message-text', sent)
      await clickOn('[data-testid=chat-panel] form button[type=submit]')
      await waitFor(
        engine,
        'the message in the chat',
        `(t) => document.querySelector('[data-testid=chat-panel]')?.innerText.includes(t) && document.querySelector('#message-text').value === ''`,
        [sent],
      )
      for (const end = Date.now() + 10_000; (await rowsWith(sent)) !== 1 && Date.now() < end;) await sleep(200)
      expect(await rowsWith(sent)).toBe(1)
    })
    await check(`long-press at phone size (${viewport.width} px wide)`, async () => {
      await engine.goto(`${base}/messages`)
      const box = await waitFor<{ x: number; y: number }>(
        engine,
        'a conversation',
        `() => { const r = document.querySelector('[data-testid=conversation]')?.getBoundingClientRect(); return r && r.height > 0 && { x: r.x + 80, y: r.y + r.height / 2 } }`,
      )
      await engine.longPress(box.x, box.y, 800)
      await waitFor(engine, 'the long-press overlay', `() => document.body.innerText.includes('Tap anywhere to cancel')`)
      await clickOn('[data-testid=long-press-overlay]')
      await waitFor(engine, 'the overlay gone', `() => !document.body.innerText.includes('Tap anywhere to cancel')`)
    })
    await check('the manifest', async () => {
      const manifest = await engine.run<{ short_name: string; display: string; icons: unknown[]; start_url: string }>(
        `async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json()`,
      )
      expect(manifest).toMatchObject({ short_name: 'Nookshare', display: 'standalone', start_url: '/' })
      expect(manifest.icons.length).toBeGreaterThan(1)
    })
    // The whole app in the worker's caches before the network goes (a first visit needs only the core: tests/e2e/first-visit-offline.test.ts).
    await waitFor(
      engine,
      'the rest of the app kept',
      `() => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = (e) => resolve(e.data.missing === 0); navigator.serviceWorker.controller.postMessage({ type: 'FILL_REST' }, [c.port2]) })`,
      [],
      60_000,
    )
    const onlineSeconds = (Date.now() - started) / 1000
    const onlineErrors = firstParty(await engine.consoleErrors())

    ns.setOnline(false)
    const offlineSince = (await engine.consoleErrors()).length
    const sawOffline = await waitFor(engine, 'navigator.onLine false', `() => navigator.onLine === false`, [], 5000).then(
      () => true,
      () => false,
    )
    await check('offline: the app is unreachable', async () => {
      expect(await engine.run<boolean>(`() => fetch('/api/health', { cache: 'no-store' }).then(() => true, () => false)`)).toBe(false)
    })
    await check('offline reload: the search', async () => {
      await engine.goto(`${base}/storages?q=Toronto`)
      await waitFor(engine, 'results offline', `(t) => document.body.innerText.includes(t)`, [found[0]!.title])
    })
    await check('offline reload: the listing', async () => {
      await engine.goto(`${base}/storages/${listing.id}`)
      await waitFor(engine, 'the listing offline', `(t) => document.querySelector('h1')?.innerText === t`, [listing.title])
    })
    const offlineText = `Written offline (${kind}) ${uniqueWord()}`
    await check('offline reload: the chat', async () => {
      await engine.goto(`${base}/messages?chat=${host._id}`)
      await waitFor(engine, 'the chat offline', `(t) => document.querySelector('[data-testid=chat-panel]')?.innerText.includes(t)`, [sent])
    })
    await check('a message written offline is delivered exactly once after reconnecting', async () => {
      await typeIn('#message-text', offlineText)
      await clickOn('[data-testid=chat-panel] form button[type=submit]')
      await waitFor(engine, 'the queued message shown', `(t) => document.querySelector('[data-testid=chat-panel]')?.innerText.includes(t)`, [offlineText])
      await sleep(1000)
      expect(await rowsWith(offlineText)).toBe(0)
      ns.setOnline(true)
      // An engine whose navigator.onLine never went false gets no 'online' event: the next page load sends it.
      if (!sawOffline) await engine.goto(`${base}/messages?chat=${host._id}`)
      for (const end = Date.now() + 30_000; (await rowsWith(offlineText)) < 1 && Date.now() < end;) await sleep(250)
      expect(await rowsWith(offlineText)).toBe(1)
      // …and stays one: no second send from the page, the worker or a reload.
      await engine.goto(`${base}/messages?chat=${host._id}`)
      await waitFor(engine, 'the chat back online', `(t) => document.querySelector('[data-testid=chat-panel]')?.innerText.includes(t)`, [offlineText])
      await sleep(3000)
      expect(await rowsWith(offlineText)).toBe(1)
    })
    ns.setOnline(true)
    const liefiSince = (await engine.consoleErrors()).length

    // Lie-fi (issue 40): the route stays (the browser believes it is online) while the link to the app hangs
    // (its packets dropped), then resets. The user stays signed in, the chat opened earlier shows its saved
    // copy, and a message sent meanwhile reaches the server once after the link is back.
    const liefiSkipped = ns.linkFaultsUnavailable()
    const liefiFigures: string[] = []
    const chat = `${base}/messages?chat=${host._id}`
    const signedIn = `(token) => localStorage.getItem('token') === token && Boolean(document.querySelector('[aria-label^="Account menu"]')) && !document.querySelector('header a[href^="/login"]')`
    const lieFi = async (mode: Exclude<LinkState, 'up'>) => {
      await check(`lie-fi (${mode}): online, and the app unreachable`, async () => {
        ns.setLink(mode)
        expect(await engine.run<boolean>(`() => navigator.onLine`)).toBe(true)
        const reached = `() => fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(3000) }).then(() => true, () => false)`
        expect(await engine.run<boolean>(reached)).toBe(false)
      })
      await check(`lie-fi (${mode}): still signed in, the chat's saved copy`, async () => {
        const t = Date.now()
        await engine.goto(chat)
        await waitFor(engine, 'the saved chat', `(t) => document.querySelector('[data-testid=chat-panel]')?.innerText.includes(t)`, [sent], 10_000)
        // The 3 s is a goal, printed (as in tests/e2e/lie-fi.test.ts: a timed assertion fails on a loaded machine).
        liefiFigures.push(`${mode}: the chat's saved copy after ${Date.now() - t} ms (goal 3000)`)
        await waitFor(engine, 'signed in', signedIn, [browserToken], 2000)
        // …and still once the failed requests have come back (the banner says the app cannot reach us).
        await waitFor(engine, 'the offline banner', `() => Boolean(document.querySelector('[data-testid=offline-banner]'))`, [], 30_000)
        expect(await engine.run<boolean>(signedIn, browserToken)).toBe(true)
      })
      const text = `Sent on lie-fi (${mode}, ${kind}) ${uniqueWord()}`
      await check(`lie-fi (${mode}): a message sent during it arrives once when the link is back`, async () => {
        await typeIn('#message-text', text)
        await clickOn('[data-testid=chat-panel] form button[type=submit]')
        const usable = `(t) => { const input = document.querySelector('#message-text'); return input.value === '' && !input.disabled && !input.readOnly && document.querySelector('[data-testid=chat-panel]').innerText.includes(t) }`
        await waitFor(engine, 'the composer cleared, usable, the message shown', usable, [text], 2000)
        // The link stays bad until the app has given up one attempt at it (a hung one only at its deadline):
        // what comes back must then be the app's retry, not the kernel's retransmission of a held packet.
        const t = Date.now()
        await waitFor(engine, 'an attempt given up', TRIED_IN_OUTBOX, [text], 40_000)
        liefiFigures.push(`${mode}: the send's first attempt given up after ${Date.now() - t} ms`)
        expect(await rowsWith(text)).toBe(0)
        ns.setLink('up')
        const back = Date.now()
        while ((await rowsWith(text)) < 1 && Date.now() - back < 10_000) await sleep(200)
        liefiFigures.push(`${mode}: delivered ${Date.now() - back} ms after the link came back (goal 10000)`)
        expect(await rowsWith(text)).toBe(1)
        // Once: nothing waits to be sent any more, and the server still has one.
        await waitFor(
          engine,
          'nothing left to send',
          `() => !document.querySelector('[data-testid=pending-message], [data-testid=failed-message]')`,
          [],
          20_000,
        )
        expect(await rowsWith(text)).toBe(1)
      })
      ns.setLink('up')
    }
    if (liefiSkipped) console.log(`[engines] ${engine.name}: lie-fi SKIPPED — ${liefiSkipped}`)
    else for (const mode of ['hang', 'reset'] as const) await lieFi(mode)

    const allErrors = await engine.consoleErrors()
    const leftBehind = await engine.leftBehind()
    const offlineErrors = allErrors.slice(offlineSince, liefiSince)
    const liefiErrors = allErrors.slice(liefiSince)
    const thirdParty = allErrors.filter((e) => !firstParty([e]).length && !e.includes(PROBE))
    const seconds = (Date.now() - started) / 1000
    console.log(
      [
        `[engines] === ${engine.name} (${engine.version}) ===`,
        `[engines]   checks passed: ${passed.length}/${passed.length + failed.length}`,
        `[engines]   journey: ${seconds.toFixed(1)} s (online part ${onlineSeconds.toFixed(1)} s)`,
        `[engines]   window: ${viewport.width}×${viewport.height}; navigator.onLine followed the route: ${sawOffline}`,
        `[engines]   console errors online: ${onlineErrors.length}${onlineErrors.length ? `\n${onlineErrors.map((e) => `[engines]     ${e}`).join('\n')}` : ''}`,
        `[engines]   loads reported failed as the journey left their page (Firefox, while its worker answered them): ${leftBehind.length}${leftBehind.length ? `\n${leftBehind.map((e) => `[engines]     ${e.slice(0, 200)}`).join('\n')}` : ''}`,
        `[engines]   third-party requests that failed (no internet in the namespace: map tiles): ${thirdParty.length}`,
        `[engines]   console errors offline (failed requests expected): ${offlineErrors.length}${offlineErrors.length ? `\n${offlineErrors.map((e) => `[engines]     ${e.slice(0, 200)}`).join('\n')}` : ''}`,
        liefiSkipped
          ? `[engines]   lie-fi: skipped (${liefiSkipped})`
          : [
              ...liefiFigures.map((f) => `[engines]   lie-fi ${f}`),
              `[engines]   console errors on lie-fi (failed requests expected): ${liefiErrors.length}${liefiErrors.length ? `\n${liefiErrors.map((e) => `[engines]     ${e.slice(0, 200)}`).join('\n')}` : ''}`,
            ].join('\n'),
      ].join('\n'),
    )
    // The messages name what failed, so that a run's summary (which prints only the first line) says it.
    expect(failed, `checks failed: ${failed.join(' | ')}`).toEqual([])
    expect(onlineErrors, `console errors online: ${onlineErrors.join(' | ').slice(0, 600)}`).toEqual([])
  })
}
