// Every page the build wrote (the pages rendered at build time and the shell) is served to any client:
// one that sends no Accept-Encoding (curl, some crawlers and proxies), gzip only, or brotli.
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGES_DIR } from '@contract/prerendered-pages'
import { buildTimePages } from '../src/plugins/static-app'
import { startTestServer, type TestServer } from './helpers'

const DIST = path.resolve(import.meta.dirname, '../../dist')
let server: TestServer

beforeAll(async () => {
  if (!existsSync(path.join(DIST, PAGES_DIR))) throw new Error('no build-time pages in dist/: run `npm run build` first')
  server = await startTestServer({ staticDir: DIST })
})
afterAll(async () => {
  await server?.close()
})

/** A GET with exactly these headers (fetch would add its own Accept-Encoding), the body decoded as sent. */
function get(pathname: string, headers: Record<string, string>): Promise<{ status: number; encoding?: string; type?: string; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.base}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        resolve({ status: res.statusCode ?? 0, encoding, type: res.headers['content-type'], html: body.toString('utf8') })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const ENCODINGS: [string, Record<string, string>, string | undefined][] = [
  ['no Accept-Encoding', {}, undefined],
  ['gzip only', { 'accept-encoding': 'gzip' }, 'gzip'],
  ['br', { 'accept-encoding': 'br, gzip' }, 'br'],
]

describe('pages for every Accept-Encoding', () => {
  const pages = () => [...buildTimePages(DIST).entries(), ['/messages', 'index.html'] as const]

  it('the build wrote the landing page among its build-time pages', () => {
    expect(buildTimePages(DIST).has('/')).toBe(true)
  })

  for (const [name, headers, expected] of ENCODINGS) {
    it(`answers each build-time page and the shell with ${name}`, async () => {
      for (const [pathname, file] of pages()) {
        const res = await get(pathname, { accept: 'text/html', ...headers })
        expect({ pathname, status: res.status }).toEqual({ pathname, status: 200 })
        expect(res.type).toContain('text/html')
        expect(res.encoding).toBe(expected)
        // The page's own file, not another page (the shell) in its place.
        expect({ pathname, same: res.html === readFileSync(path.join(DIST, file), 'utf8') }).toEqual({ pathname, same: true })
      }
    })
  }

  it('answers / without any headers at all, as curl does', async () => {
    const res = await get('/', {})
    expect(res.status).toBe(200)
    expect(res.html).toBe(readFileSync(path.join(DIST, PAGES_DIR, 'index.html'), 'utf8'))
  })
})
