// When a browser test fails, what its open pages showed: each page's address and the start of its text are
// printed with the test's name, and a screenshot is kept in .tmp/failures/. A failure seen once in a CI log
// (a heading not shown in time, a button that never turned busy) then says what a person would have seen,
// not only which assertion gave up. A setup file of the e2e project (vite.config.ts); the harness notes each
// context it makes (newContext).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { beforeEach } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'

const live = new Set<BrowserContext>()

/** A context whose pages are described if the test fails while it is open. */
export function noteContext(context: BrowserContext) {
  live.add(context)
  context.on('close', () => live.delete(context))
}

/** `work`'s answer, or `fallback` after `ms`: a page that hangs (a frozen clock, a dead renderer) must not hold the run (evaluate has no timeout of its own). */
const within = <T>(work: Promise<T>, ms: number, fallback: T) =>
  Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))])

const TEXT_CHARS = 600

async function describePage(page: Page, file: string): Promise<string> {
  const text = await within(
    page.evaluate(() => document.body?.innerText ?? ''),
    3000,
    '(its text could not be read)',
  )
  const shot = await page.screenshot({ path: file, timeout: 5000 }).then(
    () => file,
    () => '',
  )
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return [
    `  ${page.url()}${shot ? `  (screenshot: ${path.relative(process.cwd(), shot)})` : ''}`,
    `    ${oneLine.slice(0, TEXT_CHARS)}${oneLine.length > TEXT_CHARS ? '…' : ''}`,
  ].join('\n')
}

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const pages = [...live].flatMap((c) => c.pages()).filter((p) => !p.isClosed())
    if (pages.length === 0) return
    const dir = path.resolve(import.meta.dirname, '../../.tmp/failures')
    mkdirSync(dir, { recursive: true })
    const slug = `${path.basename(task.file?.name ?? 'test', '.test.ts')}-${task.name}`.replace(/[^\w-]+/g, '-').slice(0, 100)
    const described = await Promise.all(pages.map((p, i) => describePage(p, path.join(dir, `${slug}-${i + 1}.png`))))
    console.error(`[${task.name}] failed; its open pages showed:\n${described.join('\n')}`)
  })
})
