// The contact-protection table: what is hidden before a booking, and what ordinary talk about a storage
// space (prices, dates, sizes, times, addresses) keeps untouched.
import { describe, expect, it } from 'vitest'
import { CONTACT_MASKS, maskContactDetails, wouldMaskContact, type ContactKind } from './contact-mask'

const PHONE = CONTACT_MASKS.phone
const EMAIL = CONTACT_MASKS.email
const LINK = CONTACT_MASKS.link
const PAY = CONTACT_MASKS.payment

const MASKED: [string, string, ContactKind][] = [
  // Phone numbers, with the usual separators and tricks.
  ['call me at 416-555-0199', `call me at ${PHONE}`, 'phone'],
  ['416 555 0199', PHONE, 'phone'],
  ['416 555 O199 (a letter O)', `${PHONE} (a letter O)`, 'phone'],
  ['four one six. five five five. zero one nine nine', PHONE, 'phone'],
  ['4165550199', PHONE, 'phone'],
  ['(416) 555-0199 anytime', `${PHONE} anytime`, 'phone'],
  ['+1 416 555 0199', PHONE, 'phone'],
  ['+44 20 7946 0958 is my uk line', `${PHONE} is my uk line`, 'phone'],
  ['text 416.555.0199', `text ${PHONE}`, 'phone'],
  ['4 1 6 5 5 5 0 1 9 9', PHONE, 'phone'],
  ['4-1-6-5-5-5-0-1-9-9', PHONE, 'phone'],
  ['416 . 555 . 0199', PHONE, 'phone'],
  ['416--555--0199', PHONE, 'phone'],
  ['my cell: 555-0199', `my cell: ${PHONE}`, 'phone'],
  ['five five five one two three four', PHONE, 'phone'],
  ['four one six five five five zero one nine nine', PHONE, 'phone'],
  ['Four-One-Six Five-Five-Five Oh-One-Nine-Nine', PHONE, 'phone'],
  ['four one six 555 zero one nine nine please', `${PHONE} please`, 'phone'],
  ['416 five five five 0199', PHONE, 'phone'],
  ['call 1 800 555 0199 ext', `call ${PHONE} ext`, 'phone'],
  // Email addresses, plain and spelled out.
  ['mail me: jo.smith@example.com', `mail me: ${EMAIL}`, 'email'],
  ['JO+storage@Mail.Example.co.uk', EMAIL, 'email'],
  ['jo @ gmail . com', EMAIL, 'email'],
  ['jo at gmail dot com', EMAIL, 'email'],
  ['jane dot doe at gmail dot com', EMAIL, 'email'],
  ['jane (dot) doe (at) gmail (dot) com', EMAIL, 'email'],
  ['JANE DOT DOE AT GMAIL', EMAIL, 'email'],
  ['jo (at) gmail (dot) com', EMAIL, 'email'],
  ['jo [at] outlook [dot] ca', EMAIL, 'email'],
  ['jo{at}yahoo{dot}com', EMAIL, 'email'],
  ['write to jo at gmail', `write to ${EMAIL}`, 'email'],
  ['jo at example.com', EMAIL, 'email'],
  // Links.
  ['see https://example.com/my-garage?x=1', `see ${LINK}`, 'link'],
  ['http://bit.ly/abc', LINK, 'link'],
  ['www.mygarage.net', LINK, 'link'],
  ['my site is garagespace.ca/book', `my site is ${LINK}`, 'link'],
  ['kijiji.com listing', `${LINK} listing`, 'link'],
  ['mygarage dot com', LINK, 'link'],
  ['mygarage (dot) com', LINK, 'link'],
  // Payment apps and handles.
  ['venmo me @jo-smith', PAY, 'payment'],
  ['venmo @jane', PAY, 'payment'],
  ['@jane on venmo', PAY, 'payment'],
  ['find me: $jane_d via cash app', `find me: ${PAY}`, 'payment'],
  ['my venmo is jane-doe', `my ${PAY}`, 'payment'],
  ['venmo.com/u/jane', PAY, 'payment'],
  ['pay on Venmo: jo_smith', `pay on ${PAY}`, 'payment'],
  ['my cashtag is $JoSmith', `my cashtag is ${PAY}`, 'payment'],
  ['CashApp $jsmith', PAY, 'payment'],
  ['cash app', PAY, 'payment'],
  ['paypal.me/josmith', PAY, 'payment'],
  ['just zelle me', `just ${PAY} me`, 'payment'],
  ['send an Interac e-transfer instead', `send an ${PAY} instead`, 'payment'],
  ['I can e-transfer you', `I can ${PAY} you`, 'payment'],
  ['etransfer works', `${PAY} works`, 'payment'],
  ['revolut @jo', PAY, 'payment'],
  ['venmo @jo.smith. Thanks', `${PAY}. Thanks`, 'payment'],
]

const UNTOUCHED = [
  // Prices.
  '$120/month',
  '$120/month, first month $60',
  'It is $120 a month, or 120 dollars',
  'Would you take $1,200 for the year?',
  'between $100 and $150',
  'my budget is 1200 - 1500',
  'CA$95.50 per month',
  '$1,234,567',
  'the deposit is 250.00',
  // Dates.
  'from 2027-03-01 to 2027-06-30',
  '2026-12-01',
  '2026-12-01 09:00',
  'Dec 1st 9am',
  'Dec 1st, 2026 at 9am',
  'Dec 1 - Dec 31',
  'starting 03/01/2027',
  'starting 03/01/2027 until 04/01/2027',
  'on 1.3.2027',
  'March 1st, 2027',
  'the 3rd of March',
  'in 2027 or 2028',
  // Sizes.
  '10x12 ft',
  "5'x8'",
  "5' x 8' x 7'",
  '5 ft x 8 ft',
  '25 sq m, 2.5m ceiling',
  'unit 12, 1200 sq ft, $350',
  '10 x 12 ft',
  '3 m² of floor',
  'a 10 by 20 garage',
  '8 ft ceiling, 100 sq ft',
  // Times.
  'Open 8am-8pm',
  'between 9:30 and 17:30',
  'around 9 or 10',
  // Addresses and counts.
  '123 Queen St W, Toronto M5H 2N2',
  'Unit 4, 1500 Main Street',
  'I have one or two boxes and three bikes',
  'two 5 ft shelves',
  'Oh, one more thing',
  // Ordinary words that look like the tricks.
  'I will be at home at 5.',
  'meet at noon. Then we can talk',
  "It's dry.Me and my wife will come",
  'a wise choice',
  'I paid at the door',
  'my email is on my profile',
  'node.js and e.g. i.e.',
  '@jo see you tomorrow',
]

describe('maskContactDetails', () => {
  it.each(MASKED)('masks %j', (input, expected, kind) => {
    const out = maskContactDetails(input)
    expect(out.text).toBe(expected)
    expect(out.hidden).toContain(kind)
    expect(wouldMaskContact(input)).toBe(true)
  })

  it.each(UNTOUCHED)('leaves %j alone', (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, hidden: [] })
    expect(wouldMaskContact(input)).toBe(false)
  })

  it('masks several details in one message and keeps the rest', () => {
    const out = maskContactDetails('Hi! $120/month from 2027-03-01. Call 416 555 0199 or jo at gmail dot com, 10x12 ft.')
    expect(out.text).toBe(`Hi! $120/month from 2027-03-01. Call ${PHONE} or ${EMAIL}, 10x12 ft.`)
    expect(out.hidden).toEqual(['phone', 'email'])
  })

  it('is idempotent: masking masked text changes nothing', () => {
    const once = maskContactDetails('jo@example.com 416-555-0199 https://x.com venmo @jo').text
    expect(maskContactDetails(once)).toEqual({ text: once, hidden: [] })
  })
})
