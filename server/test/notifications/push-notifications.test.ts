import { describe, expect, it } from 'vitest'
import { backoffMs } from '../../src/modules/notifications/service/push-dispatcher'
import { isPushServiceEndpoint } from '../../src/modules/notifications/service/push-endpoints'
import { buildNotification, messagePreview } from '../../src/modules/notifications/service/push-notifications'
import { checkUnsubscribeToken, unsubscribeToken } from '../../src/modules/notifications/service/push-unsubscribe-token'

describe('what a notification says', () => {
  it('a message shows the sender and the start of its text on one line, or "Sent a photo"', () => {
    expect(messagePreview('  Hi there,\n\nis it free?  ', 0)).toBe('Hi there, is it free?')
    expect(messagePreview('image', 2)).toBe('Sent a photo')
    expect(messagePreview('image', 0)).toBe('image')
    const long = 'word '.repeat(60).trim()
    const preview = messagePreview(long, 0)
    expect(preview.length).toBeLessThanOrEqual(121)
    expect(preview.endsWith('word…')).toBe(true)
    const n = buildNotification('message', { messageId: 'm1', senderId: 'u1', senderName: 'Marc Tremblay', content: 'Hello', photoCount: 0 })
    expect(n).toEqual({
      dedupeKey: 'message:m1',
      payload: { kind: 'message', title: 'Marc Tremblay', body: 'Hello', tag: 'chat:u1', url: '/messages?chat=u1', chatWith: 'u1' },
    })
  })

  it('bookings: request, acceptance and payment, one notification per booking and event', () => {
    const input = { bookingId: 'b1', otherName: 'Sam', storageTitle: 'Dry garage' }
    expect(buildNotification('booking', { ...input, event: 'requested' })).toEqual({
      dedupeKey: 'booking:b1:requested',
      payload: { kind: 'booking', title: 'New booking request', body: 'Sam asked to book Dry garage', tag: 'booking:b1', url: '/bookings/b1' },
    })
    expect(buildNotification('booking', { ...input, event: 'accepted' }).payload.body).toBe('Sam accepted your booking of Dry garage')
    expect(buildNotification('booking', { ...input, event: 'paid', url: '/host/bookings/b1' }).payload).toMatchObject({
      title: 'Booking paid',
      url: '/host/bookings/b1',
    })
    // Instant Book: nobody accepted, so the renter hears that the payment confirmed it.
    expect(buildNotification('booking', { ...input, event: 'confirmed' })).toMatchObject({
      dedupeKey: 'booking:b1:confirmed',
      payload: { title: 'Booking confirmed', body: 'Your booking of Dry garage is confirmed' },
    })
  })
})

describe('delivery rules', () => {
  it('backs off from 30 s, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(backoffMs(20)).toBe(3_600_000)
  })

  it('sends only to the browsers’ push services over https (and hosts the config names)', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true)
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true)
    expect(isPushServiceEndpoint('https://web.push.apple.com/QG')).toBe(true)
    expect(isPushServiceEndpoint('https://wns2-by3p.notify.windows.com/w/?token=1')).toBe(true)
    expect(isPushServiceEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com.evil.test/x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:8443/x')).toBe(false)
    expect(isPushServiceEndpoint('https://169.254.169.254/latest')).toBe(false)
    expect(isPushServiceEndpoint('https://127.0.0.1:9443/push/1', ['127.0.0.1'])).toBe(true)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:443/fcm/send/abc')).toBe(true)
    expect(isPushServiceEndpoint('https://FCM.googleapis.com/fcm/send/abc')).toBe(true)
  })

  it('refuses endpoints that the WHATWG parser and web-push’s url.parse read as different hosts, and hosts that are addresses', () => {
    // url.parse stops at the %: web-push would POST to 2130706433 = 127.0.0.1.
    expect(isPushServiceEndpoint('https://2130706433%2efcm.googleapis.com/x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm%2egoogleapis.com/x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com\\@127.0.0.1/x')).toBe(false)
    expect(isPushServiceEndpoint('https://user@fcm.googleapis.com/x')).toBe(false)
    expect(isPushServiceEndpoint('https://user:pw@fcm.googleapis.com/x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:80/x')).toBe(false)
    expect(isPushServiceEndpoint('https://2130706433/x')).toBe(false)
    expect(isPushServiceEndpoint('https://0x7f000001/x')).toBe(false)
    expect(isPushServiceEndpoint('https://0177.0.0.1/x')).toBe(false)
    expect(isPushServiceEndpoint('https://[::1]/x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com./x')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com\t.evil/x')).toBe(false)
    // An operator's extra host is matched exactly, never by a spelling the two parsers disagree on.
    expect(isPushServiceEndpoint('https://2130706433%2e127.0.0.1/x', ['127.0.0.1'])).toBe(false)
  })

  it('an unsubscribe token is bound to its user and key', () => {
    const t = unsubscribeToken('key-1', 'user-1')
    expect(checkUnsubscribeToken('key-1', 'user-1', t)).toBe(true)
    expect(checkUnsubscribeToken('key-1', 'user-2', t)).toBe(false)
    expect(checkUnsubscribeToken('key-2', 'user-1', t)).toBe(false)
    expect(checkUnsubscribeToken('key-1', 'user-1', '')).toBe(false)
  })
})
