import { describe, expect, it } from 'vitest'
import { emailKey } from '../../src/modules/accounts/service/email-key'

describe('emailKey', () => {
  it('ignores case, +tags and (for Gmail) dots', () => {
    expect(emailKey(' Jane.Doe+shop@Gmail.com ')).toBe('janedoe@gmail.com')
    expect(emailKey('janedoe@googlemail.com')).toBe('janedoe@gmail.com')
    expect(emailKey('jane.doe+x@example.com')).toBe('jane.doe@example.com')
  })
  it('keeps different people apart', () => {
    expect(emailKey('jane@example.com')).not.toBe(emailKey('jane@example.org'))
    expect(emailKey('jane.doe@example.com')).not.toBe(emailKey('janedoe@example.com'))
  })
})
