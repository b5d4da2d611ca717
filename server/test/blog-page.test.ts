// /blog and /blog/:slug rendered on the server (the built renderer in dist/server, made by `npm run
// build`): the posts in the HTML, with the page's description and Open Graph tags for link previews.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_DIR, SERVER_ENTRY } from '@contract/prerendered-pages'
import { signUpVerified, startTestServer, type TestServer } from './helpers'

const DIST = path.resolve(import.meta.dirname, '../../dist')
const ADMIN = 'writer@example.com'
let server: TestServer

beforeAll(async () => {
  if (!existsSync(path.join(DIST, SERVER_DIR, SERVER_ENTRY))) throw new Error('no server renderer in dist/: run `npm run build` first')
  server = await startTestServer({ staticDir: DIST, adminEmails: [ADMIN], publicUrl: 'https://nookshare.example' })
  const admin = await signUpVerified(server, { email: ADMIN, firstName: 'Wren', lastName: 'Writer' })
  const post = (json: Record<string, unknown>) => server.http('POST', '/api/admin/blog-posts', { token: admin.token, json: { status: 'published', ...json } })
  await post({
    title: 'Pricing a "cosy" garage & more',
    slug: 'pricing',
    excerpt: 'What to charge </script><script>alert(1)</script>',
    bodyMarkdown: '## Start here\n\nMeasure first.',
  })
  await post({ title: 'A draft', slug: 'a-draft', status: 'draft' })
})
afterAll(async () => {
  await server?.close()
})

const page = async (p: string) => {
  const res = await fetch(`${server.base}${p}`, { headers: { accept: 'text/html' } })
  const html = await res.text()
  return { res, html, root: html.slice(html.indexOf('<div id="root"')) }
}

describe('the blog, rendered on the server', () => {
  it('/blog lists the published posts in the HTML', async () => {
    const { res, html, root } = await page('/blog')
    expect(res.status).toBe(200)
    expect(root).toContain('data-prerendered')
    expect(root).toContain('Pricing a &quot;cosy&quot; garage &amp; more')
    expect(root).not.toContain('A draft')
    expect(html).toContain('<meta property="og:url" content="https://nookshare.example/blog">')
    expect([...html.matchAll(/<meta name="description"/g)]).toHaveLength(1)
  })

  it('/blog/:slug holds the post, its title, description and Open Graph tags, escaped', async () => {
    const { res, html, root } = await page('/blog/pricing')
    expect(res.status).toBe(200)
    expect(html).toContain('<title>Pricing a &#34;cosy&#34; garage &#38; more · Nookshare</title>')
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toContain('<meta property="og:title" content="Pricing a &#34;cosy&#34; garage &#38; more">')
    expect(html).toContain('<meta property="og:url" content="https://nookshare.example/blog/pricing">')
    expect(html).toContain('<meta name="description" content="What to charge &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;">')
    expect(html).not.toContain('<script>alert(1)')
    expect(root).toContain('<h2>Start here</h2>')
    expect(root).toContain('Wren Writer')
  })

  it('an unknown or draft post is a 404 with the shell (the app says "Post not found")', async () => {
    for (const slug of ['nope', 'a-draft']) {
      const { res, root } = await page(`/blog/${slug}`)
      expect(res.status, slug).toBe(404)
      expect(root.startsWith('<div id="root"></div>'), slug).toBe(true)
    }
  })
})
