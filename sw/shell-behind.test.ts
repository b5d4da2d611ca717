// What the install holds (the core marked by the build) and what a page's loaded URLs stand for.
import { describe, expect, it } from 'vitest'
import { cacheKeyOf, RestOfShell, splitShell } from './shell-behind'

const ORIGIN = 'https://nookshare.test'
const manifest = [
  { url: 'index.html', revision: 'a1', core: true },
  { url: 'assets/index-1.js', revision: null, core: true },
  { url: 'assets/faq-2.js', revision: null },
  { url: 'pages/index.html', revision: 'b2' },
  { url: 'pages/faq.html', revision: 'c3' },
  { url: 'icons/icon-512.png', revision: 'd4' },
]

describe('the shell split', () => {
  it('precaches the marked core at install and leaves the rest for later, unmarked', () => {
    const { core, rest } = splitShell(manifest)
    expect(core.map((f) => f.url)).toEqual(['index.html', 'assets/index-1.js'])
    expect(rest.map((f) => f.url)).toEqual(['assets/faq-2.js', 'pages/index.html', 'pages/faq.html', 'icons/icon-512.png'])
    expect(core.concat(rest).some((f) => 'core' in f)).toBe(false)
  })

  it('a build with nothing marked precaches everything at install, as before', () => {
    expect(splitShell(['index.html', { url: 'assets/a.js', revision: null }])).toEqual({
      core: [{ url: 'index.html' }, { url: 'assets/a.js', revision: null }],
      rest: [],
    })
  })

  it("keeps a file under its URL, with workbox's revision parameter when the name has no hash", () => {
    expect(cacheKeyOf({ url: 'assets/faq-2.js', revision: null }, ORIGIN)).toBe(`${ORIGIN}/assets/faq-2.js`)
    expect(cacheKeyOf({ url: 'pages/faq.html', revision: 'c3' }, ORIGIN)).toBe(`${ORIGIN}/pages/faq.html?__WB_REVISION__=c3`)
  })

  it("maps what a page loaded to the rest's files: its chunks, and its own address to its prerendered page", () => {
    const rest = new RestOfShell(splitShell(manifest).rest, ORIGIN)
    expect(rest.filesOf([`${ORIGIN}/faq`, `${ORIGIN}/assets/faq-2.js`, `${ORIGIN}/assets/index-1.js`, 'https://elsewhere.test/assets/faq-2.js'])).toEqual([
      '/pages/faq.html',
      '/assets/faq-2.js',
    ])
    expect(rest.filesOf([`${ORIGIN}/`, `${ORIGIN}/storages?q=Toronto`])).toEqual(['/pages/index.html'])
    expect(rest.holds(new URL(`${ORIGIN}/assets/faq-2.js`))).toBe(true)
    expect(rest.holds(new URL(`${ORIGIN}/assets/faq-2.js?x=1`))).toBe(false)
    expect(rest.holds(new URL(`${ORIGIN}/assets/index-1.js`))).toBe(false)
  })
})
