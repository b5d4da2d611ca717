import { describe, expect, it } from 'vitest'
import { ChangeVersions, versionKeys as k } from '../../src/db/change-versions'

describe('change versions', () => {
  it('keeps an ETag until something it depends on is bumped', () => {
    const v = new ChangeVersions()
    const at = v.now()
    v.rememberEtag('chat', 'W/"1"', at, [k.pair('a', 'b')])
    expect(v.etag('chat')).toBe('W/"1"')
    v.bump([k.list('a')])
    expect(v.etag('chat')).toBe('W/"1"')
    v.bump([k.pair('b', 'a')])
    expect(v.etag('chat')).toBeUndefined()
  })

  it('does not remember what a read that began before a write computed', () => {
    const v = new ChangeVersions()
    const at = v.now() // the read begins…
    v.bump([k.pair('a', 'b')]) // …a write commits meanwhile…
    v.rememberEtag('chat', 'W/"old"', at, [k.pair('a', 'b')]) // …and the read ends
    expect(v.etag('chat')).toBeUndefined()
    const later = v.now()
    v.rememberEtag('chat', 'W/"new"', later, [k.pair('a', 'b')])
    expect(v.etag('chat')).toBe('W/"new"')
  })

  it('while not live remembers nothing, and forgets everything when it goes down', () => {
    const v = new ChangeVersions<{ id: string }>({ sessionTtlMs: 60_000 })
    v.rememberSession('hash', { id: 'u' }, v.now(), 'u', new Date(Date.now() + 3_600_000))
    expect(v.session('hash')).toEqual({ id: 'u' })
    v.setLive(false)
    expect(v.session('hash')).toBeUndefined()
    v.rememberSession('hash', { id: 'u' }, v.now(), 'u', new Date(Date.now() + 3_600_000))
    expect(v.session('hash')).toBeUndefined()
    const before = v.now()
    v.setLive(true)
    v.rememberEtag('x', 'W/"x"', before, [])
    expect(v.etag('x')).toBeUndefined()
    v.rememberEtag('x', 'W/"x"', v.now(), [])
    expect(v.etag('x')).toBe('W/"x"')
  })

  it('drops a session when the user’s sessions change, and never keeps one past its expiry', () => {
    const v = new ChangeVersions<string>({ sessionTtlMs: 60_000 })
    v.rememberSession('h1', 'u1', v.now(), 'u1', new Date(Date.now() + 3_600_000))
    v.rememberSession('h2', 'u2', v.now(), 'u2', new Date(Date.now() - 1))
    expect(v.session('h2')).toBeUndefined()
    v.bump([k.sessions('u1')])
    expect(v.session('h1')).toBeUndefined()
  })

  it('bounds its memory: forgetting versions counts as a change to all', () => {
    const v = new ChangeVersions({ sessionTtlMs: 0, maxVersions: 2 })
    v.rememberEtag('x', 'W/"x"', v.now(), [k.list('a')])
    v.bump([k.list('b'), k.list('c'), k.list('d')])
    expect(v.etag('x')).toBeUndefined()
  })
})
