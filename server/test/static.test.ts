import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer
let dist: string
const BOOT = "requestAnimationFrame(()=>import('/assets/app-abc123.js'))"
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'nookshare-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>')
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(dist, 'sw.js'), 'self.x=1')
  // One prerendered page, as scripts/vite/prerender.ts writes them.
  mkdirSync(path.join(dist, 'pages'))
  writeFileSync(path.join(dist, 'pages', 'host.html'), `<!doctype html><title>host page</title><script type="module">${BOOT}</script>`)
  server = await startTestServer({ staticDir: dist })
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('serving the PWA', () => {
  it('answers client routes with the shell (SPA fallback)', async () => {
    const res = await fetch(`${server.base}/messages`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>shell</title>')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('caches hashed assets for a year and never caches the service worker', async () => {
    const asset = await fetch(`${server.base}/assets/app-abc123.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const sw = await fetch(`${server.base}/sw.js`)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    // A script goes without the headers only a document or a worker reads (the policy is about 1 KB); the
    // service worker's script keeps its policy, and every answer keeps nosniff.
    expect(asset.headers.get('content-security-policy')).toBeNull()
    expect(asset.headers.get('x-frame-options')).toBeNull()
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    expect(sw.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('answers a prerendered page with its own HTML, and allows exactly its inline boot script', async () => {
    const res = await fetch(`${server.base}/host?email=a%40b.co`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>host page</title>')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const hash = createHash('sha256').update(BOOT).digest('base64')
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`)
    // Pages without a prerendered file (here /, /storee) get the shell.
    expect(await (await fetch(`${server.base}/`, { headers: { accept: 'text/html' } })).text()).toContain('<title>shell</title>')
    expect(await (await fetch(`${server.base}/storee`, { headers: { accept: 'text/html' } })).text()).toContain('<title>shell</title>')
  })

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await fetch(`${server.base}/api/nothing-here`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect((await res.json()).error).toMatch(/not found/)
  })
})
