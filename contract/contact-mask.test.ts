// The contact-protection table: what is hidden before a booking, and what ordinary talk about a storage
// space (prices, dates, sizes, times, addresses) keeps untouched.
import { describe, expect, it } from 'vitest'
import { CONTACT_MASKS, contactKindIn, maskContactDetails, maskContactDetailsAfter, wouldMaskContact, type ContactKind } from './contact-mask'

const PHONE = CONTACT_MASKS.phone
const EMAIL = CONTACT_MASKS.email
const LINK = CONTACT_MASKS.link
const PAY = CONTACT_MASKS.payment
const HANDLE = CONTACT_MASKS.handle

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
  // What a reader sees, not what was typed (issue 41's probes): other scripts' and styled digits,
  // invisible characters, full-width punctuation, spaced-out letters, look-alike letters.
  ['４１６ ５５５ ０１９９', PHONE, 'phone'],
  ['call ٤١٦٥٥٥٠١٩٩ tonight', `call ${PHONE} tonight`, 'phone'],
  ['۴۱۶-۵۵۵-۰۱۹۹', PHONE, 'phone'],
  ['४१६ ५५५ ०१९९', PHONE, 'phone'],
  ['𝟒𝟏𝟔 𝟓𝟓𝟓 𝟎𝟏𝟗𝟗', PHONE, 'phone'],
  ['𝟺𝟷𝟼𝟻𝟻𝟻𝟶𝟷𝟿𝟿!', `${PHONE}!`, 'phone'],
  ['4\u200B1\u200B6\u200B5\u200B5\u200B5\u200B0\u200B1\u200B9\u200B9', PHONE, 'phone'],
  ['text 416\u2060555\uFEFF0199 ok', `text ${PHONE} ok`, 'phone'],
  ['4️⃣1️⃣6️⃣5️⃣5️⃣5️⃣0️⃣1️⃣9️⃣9️⃣', PHONE, 'phone'],
  ['①②③ ④⑤⑥ ⑦⑧⑨⓪', PHONE, 'phone'],
  ['4l6 555 0l99', PHONE, 'phone'],
  ['4I6-555-OI99', PHONE, 'phone'],
  ['jane＠gmail．com', EMAIL, 'email'],
  ['jane\u200B@\u200Bgmail.com', EMAIL, 'email'],
  ['mail j a n e @ g m a i l . c o m now', `mail ${EMAIL} now`, 'email'],
  ['ｊａｎｅ＠ｇｍａｉｌ．ｃｏｍ', EMAIL, 'email'],
  ['jane@gmail。com', EMAIL, 'email'],
  ['evil . com', LINK, 'link'],
  ['go to evil .com/deal', `go to ${LINK}/deal`, 'link'],
  ['evil[.]com', LINK, 'link'],
  ['w w w . e v i l . c o m', LINK, 'link'],
  ['ｗｗｗ．ｅｖｉｌ．ｃｏｍ', LINK, 'link'],
  // Messaging apps with a username.
  ['telegram @janedoe', HANDLE, 'handle'],
  ['add me on Telegram: janedoe', `add me on ${HANDLE}`, 'handle'],
  ['my insta is jane_doe99', `my ${HANDLE}`, 'handle'],
  ['WhatsApp me @jane.doe. Thanks', `${HANDLE}. Thanks`, 'handle'],
  ['@janedoe on signal', HANDLE, 'handle'],
  ['t.me/janedoe', HANDLE, 'handle'],
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
  // Ordinary text around the new rules: nothing is folded, joined or read as a digit unless it hides something.
  '2 boxes and 1 bike',
  'I have 2 boxes and 1 bike, about 10 x 12 ft',
  '$120/month, 10 x 12 ft, from Dec 1',
  'Le loyer est de ١٢٠ $ par mois', // Arabic-Indic digits in a price stay as typed
  'Ｈｉ！ Is it free？',
  'Café crème, naïve résumé',
  'It is a 3 m² room, ½ of the garage',
  'a b c d e',
  'I can do A B or C',
  'Room 101, lot 42, 8 am to 5 pm',
  'Oil, lids and 10 boxes',
  'I love telegrams and signal flags',
  'Do you use WhatsApp?',
  'Cell signal: good in the garage. IG: none',
  'Snap: the lock clicks shut',
  // Listing descriptions, names and reviews (refused, not masked, when they hold a contact detail).
  'Heated garage, 2 km from Hwy 401. Access 7 days a week, 6am - 10pm.',
  "Space is 200 sq ft (10' x 20'). Monthly rate $150, first month 50% off.",
  'Parking spot #14, P2 level, 1.9 m clearance. Storage for 1-2 cars, or 20-30 boxes.',
  'Open Mon-Fri 9-5, Sat 10-2. Built in 1998, renovated 2021, 2 doors.',
  'Size: 3.5m x 6m x 2.5m, postal code M5V 2T6, near 12 Elm St.',
  'Stored 3 boxes for 6 months, 10/10 would rent again',
  "Anne-Marie O'Brien",
  'Nguyễn Thị Minh Khai',
  'José Álvarez',
  'call me when you land. Com...',
  'It is nice. Co-op parking is next door',
  'The 2 x 4 x 8 ft shelf and 1 l of paint',
  'I will be there at 10:30, leaving 11',
  'Hello 👋🏽 see you soon',
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

  it('keeps the characters around a hidden detail exactly as typed', () => {
    expect(maskContactDetails('Ｈｉ！ ４１６ ５５５ ０１９９ — ½ price').text).toBe(`Ｈｉ！ ${PHONE} — ½ price`)
    expect(maskContactDetails('café: 𝟒𝟏𝟔𝟓𝟓𝟓𝟎𝟏𝟗𝟗 👋').text).toBe(`café: ${PHONE} 👋`)
  })

  it('names the first kind it finds (for a refusal)', () => {
    expect(contactKindIn('Dry garage, call 416 555 0199')).toBe('phone')
    expect(contactKindIn('Dry garage, 10 x 12 ft, $120/month')).toBeNull()
  })

  it('is idempotent: masking masked text changes nothing', () => {
    const once = maskContactDetails('jo@example.com 416-555-0199 https://x.com venmo @jo').text
    expect(maskContactDetails(once)).toEqual({ text: once, hidden: [] })
  })
})

describe('maskContactDetailsAfter (a number split over messages)', () => {
  it.each([
    [['416 555'], '0199', PHONE],
    [['my number is 416'], '555 0199 thanks', `${PHONE} thanks`],
    [['416', '555'], '0199', PHONE],
    [['jane'], '@gmail.com', EMAIL],
    [['４１６ ５５５'], '０１９９', PHONE],
  ])('after %j, masks %j', (previous, text, expected) => {
    expect(maskContactDetailsAfter(text, previous).text).toBe(expected)
  })

  it('still masks what the text holds on its own, and leaves ordinary follow-ups alone', () => {
    expect(maskContactDetailsAfter('555-0199', ['unit 12']).text).toBe(PHONE)
    expect(maskContactDetailsAfter('and 1 bike', ['I have 2 boxes']).text).toBe('and 1 bike')
    expect(maskContactDetailsAfter('1500 is my max', ['Would you take 1200']).text).toBe('1500 is my max')
    expect(maskContactDetailsAfter('from 2027-03-01', ['$120/month']).text).toBe('from 2027-03-01')
    expect(maskContactDetailsAfter('12 months', ['10 x 12 ft']).text).toBe('12 months')
  })

  it('looks back two messages, no further', () => {
    expect(maskContactDetailsAfter('0199', ['416', '555', 'ok']).text).toBe('0199')
  })
})
