// Which navigations the offline shell answers.
import { describe, expect, it } from 'vitest'
import { isAppNavigation } from './precache'

describe('app navigations', () => {
  it.each(['/', '/host', '/storee', '/faq', '/terms', '/privacy', '/messages', '/storages/3f2a', '/storage/edit/9'])('%s opens the shell', (p) => {
    expect(isAppNavigation(p)).toBe(true)
  })
  it.each(['/api/storages', '/api', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png'])('%s is left to the network', (p) => {
    expect(isAppNavigation(p)).toBe(false)
  })
})
