import { describe, expect, it } from 'vitest'
import { AVATAR_GRADIENTS, avatarGradient, initials } from '../../../components/layout/avatar'
import { showsAvatar, unreadBadge } from './grouping'

const at = (minute: number, senderId = 'a', isSystem = false) => ({ senderId, isSystem, timestamp: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString() })

describe('avatar grouping', () => {
  it('shows the avatar on the first message', () => {
    expect(showsAvatar([at(0)], 0)).toBe(true)
  })
  it('hides it for a follow-up from the same sender within 5 minutes', () => {
    const list = [at(0), at(3), at(5)]
    expect(list.map((_, i) => showsAvatar(list, i))).toEqual([true, false, false])
  })
  it('shows it again when the sender changes', () => {
    const list = [at(0, 'a'), at(1, 'b'), at(2, 'b'), at(3, 'a')]
    expect(list.map((_, i) => showsAvatar(list, i))).toEqual([true, true, false, true])
  })
  it('shows it again after more than 5 minutes, not at exactly 5', () => {
    const list = [at(0), at(5), at(11)]
    expect(list.map((_, i) => showsAvatar(list, i))).toEqual([true, false, true])
  })
  it('never on a system message, and always on the message after one', () => {
    const list = [at(0), at(1, 'a', true), at(2)]
    expect(list.map((_, i) => showsAvatar(list, i))).toEqual([true, false, true])
  })
})

describe('unread badge', () => {
  it("caps at '9+' above 9", () => {
    expect([1, 9, 10, 42].map(unreadBadge)).toEqual(['1', '9', '9+', '9+'])
  })
})

describe('avatars', () => {
  it('uses initials from first and last name', () => {
    expect(initials('hannah', 'host')).toBe('HH')
    expect(initials('Sam', '')).toBe('S')
    expect(initials('', '')).toBe('?')
  })
  it("picks one of five gradients by the first letter's code", () => {
    expect(AVATAR_GRADIENTS).toHaveLength(5)
    expect(avatarGradient('Anna')).toBe(AVATAR_GRADIENTS['A'.charCodeAt(0) % 5])
    expect(avatarGradient('anna')).toBe(avatarGradient('Alex'))
    expect(avatarGradient('Bob')).toBe(AVATAR_GRADIENTS['B'.charCodeAt(0) % 5])
    expect(avatarGradient('Bob')).not.toBe(avatarGradient('Anna'))
    expect(avatarGradient('F')).toBe(avatarGradient('A'))
  })
})
