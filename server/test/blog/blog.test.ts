import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SLUG_TAKEN } from '@contract/blog'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

const ADMIN = 'editor@example.com'
let server: TestServer
let admin: Awaited<ReturnType<typeof signUp>>
let someone: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN] })
  admin = await signUpVerified(server, { email: ADMIN, firstName: 'Edie', lastName: 'Tor' })
  someone = await signUp(server)
})
afterAll(() => server.close())

let n = 0
const post = (over: Record<string, unknown> = {}) => ({
  title: `Post ${++n}`,
  slug: `post-${n}-${Date.now()}`,
  excerpt: 'Short.',
  bodyMarkdown: '# Hello\n\nBody.',
  status: 'published',
  ...over,
})
const create = (json: unknown) => server.http('POST', '/api/admin/blog-posts', { token: admin.token, json })

describe('admin blog routes', () => {
  it('refuse signed-out callers (401) and non-admins (403)', async () => {
    const ID = '00000000-0000-4000-8000-000000000000'
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/blog-posts'],
      ['GET', `/api/admin/blog-posts/${ID}`],
      ['POST', '/api/admin/blog-posts', post()],
      ['PUT', `/api/admin/blog-posts/${ID}`, post()],
      ['POST', '/api/admin/blog-posts/preview', { markdown: 'x' }],
      ['POST', '/api/admin/blog-images'],
    ]
    for (const [method, path, json] of routes) {
      expect((await server.http(method, path, { json })).status, `${method} ${path}`).toBe(401)
      expect((await server.http(method, path, { json, token: someone.token })).status, `${method} ${path}`).toBe(403)
    }
  })

  it('bad input names each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'title'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ slug: 'double--dash' }, 'slug'],
      [{ excerpt: 'x'.repeat(301) }, 'excerpt'],
      [{ status: 'live' }, 'status'],
      [{ coverImageId: 'nope' }, 'coverImageId'],
      [{ coverImageId: '00000000-0000-4000-8000-000000000000' }, 'coverImageId'],
    ]
    for (const [over, field] of cases) {
      const res = await create(post(over))
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect(res.body.field).toBe(field)
    }
  })

  it('a slug clash is a 409 on slug, also when two saves race', async () => {
    const slug = `racing-${Date.now()}`
    const results = await Promise.all([create(post({ slug })), create(post({ slug })), create(post({ slug }))])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    const clash = results.find((r) => r.status === 409)!
    expect(clash.body).toMatchObject({ field: 'slug', error: SLUG_TAKEN })
    // Renaming another post onto it clashes too.
    const other = await create(post())
    const renamed = await server.http('PUT', `/api/admin/blog-posts/${other.body.id}`, { token: admin.token, json: post({ slug }) })
    expect(renamed.status).toBe(409)
    expect(renamed.body.field).toBe('slug')
  })
})

describe('reading the blog', () => {
  it('lists published posts newest first, paged; drafts stay hidden until published', async () => {
    const draft = await create(post({ title: 'Secret draft', status: 'draft' }))
    expect(draft.status).toBe(201)
    expect((await server.http('GET', `/api/blog-posts/${draft.body.slug}`)).status).toBe(404)
    await create(post({ title: 'Older' }))
    const b = await create(post({ title: 'Newer' }))
    const page = await server.http('GET', '/api/blog-posts?limit=2')
    expect(page.status).toBe(200)
    expect(page.body.items.map((p: any) => p.title)).toEqual(['Newer', 'Older'])
    expect(page.body.items[0]).toMatchObject({ authorName: 'Edie Tor', slug: b.body.slug })
    expect(page.body.items.some((p: any) => p.title === 'Secret draft')).toBe(false)
    const second = await server.http('GET', '/api/blog-posts?limit=2&page=2')
    expect(second.body.items.map((p: any) => p.id)).not.toContain(b.body.id)

    const published = await server.http('PUT', `/api/admin/blog-posts/${draft.body.id}`, {
      token: admin.token,
      json: post({ ...draft.body, status: 'published' }),
    })
    expect(published.status).toBe(200)
    expect(published.body.publishedAt).toBeTypeOf('string')
    expect((await server.http('GET', `/api/blog-posts/${draft.body.slug}`)).status).toBe(200)
    await server.http('PUT', `/api/admin/blog-posts/${draft.body.id}`, { token: admin.token, json: post({ ...draft.body, status: 'draft' }) })
    expect((await server.http('GET', `/api/blog-posts/${draft.body.slug}`)).status).toBe(404)

    const log = await server.http('GET', `/api/admin/audit-log?targetId=${draft.body.id}`, { token: admin.token })
    expect(log.body.items.map((e: any) => e.action)).toEqual(['blog_post.unpublish', 'blog_post.publish', 'blog_post.create'])
  })

  it('renders Markdown sanitized: no script, event handler or javascript: URL gets through', async () => {
    const body = [
      '## Safe heading',
      '',
      'Text with <script>alert(1)</script> and <img src="x" onerror="alert(2)"> and <a href="javascript:alert(3)">raw link</a>.',
      '',
      '[md link](javascript:alert(4)) [ok link](https://example.com) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '',
      '<iframe src="https://evil.example"></iframe><div onclick="alert(5)" style="position:fixed">div</div>',
      '',
      '![pic](/api/blog-images/abc "A picture") <svg onload="alert(6)"></svg>',
      '',
      '- item **bold** `code`',
    ].join('\n')
    const created = await create(post({ bodyMarkdown: body }))
    const res = await server.http('GET', `/api/blog-posts/${created.body.slug}`)
    const html: string = res.body.html
    expect(html).toContain('<h2>Safe heading</h2>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok link</a>')
    expect(html).toContain('<img src="/api/blog-images/abc" alt="pic" title="A picture" loading="lazy" />')
    // An image written without alt text is decoration: alt="" (a screen reader would read its file name).
    expect(html).toContain('<img src="x" alt="" loading="lazy" />')
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|data:text|<iframe|<svg|style=/i)
    // The preview is the same rendering.
    const preview = await server.http('POST', '/api/admin/blog-posts/preview', { token: admin.token, json: { markdown: body } })
    expect(preview.body.html).toBe(html)
  })

  it('uploads a cover image, re-encoded, served publicly and cacheable', async () => {
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png')
    const up = await server.http('POST', '/api/admin/blog-images', { token: admin.token, body: form })
    expect(up.status).toBe(201)
    const created = await create(post({ coverImageId: up.body.id }))
    expect(created.body.coverImageUrl).toBe(`/api/blog-images/${up.body.id}`)
    const img = await fetch(`${server.base}${up.body.url}`)
    expect(img.headers.get('content-type')).toBe('image/webp')
    expect(img.headers.get('cache-control')).toContain('immutable')
    const bad = new FormData()
    bad.append('image', new Blob(['not an image'], { type: 'image/png' }), 'fake.png')
    const refused = await server.http('POST', '/api/admin/blog-images', { token: admin.token, body: bad })
    expect(refused.status).toBe(400)
    expect(refused.body.field).toBe('image')
  })
})
