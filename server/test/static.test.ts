import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer
let dist: string
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'nookshare-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>')
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(dist, 'sw.js'), 'self.x=1')
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
  })

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await fetch(`${server.base}/api/nothing-here`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect((await res.json()).error).toMatch(/not found/)
  })
})
