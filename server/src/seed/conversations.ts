// Demo conversations between the demo users, spread over the last few days so the list, grouping and
// unread badges look real. The booking steps in them are the notices of the seeded bookings themselves.
import type { Db } from '../db/client'
import { insertMessage } from '../modules/messaging/queries/messages'
import { noticeText, readableDay, type BookingEvent } from '../modules/bookings/service/notices'
import type { DemoBookingKey, DemoBookings } from './bookings'
import type { DemoUserKey, DemoUsers } from './users'

type Content = string | ((booked: DemoBookings) => string)
type Line = [from: DemoUserKey, minutesAgo: number, content: Content, system?: true]

/** The system message a step of a seeded booking posted. */
const notice =
  (key: DemoBookingKey, event: BookingEvent): Content =>
  (booked) =>
    noticeText(event, booked[key].row, booked[key].title)

const THREADS: { a: DemoUserKey; b: DemoUserKey; lines: Line[] }[] = [
  {
    a: 'renter',
    b: 'host',
    lines: [
      [
        'renter',
        2 * 24 * 60 + 40,
        (b) => `Hi Hannah! Is your ${b.samAtHannah.title.toLowerCase()} still free from ${readableDay(b.samAtHannah.row.startDate)}?`,
      ],
      ['host', 2 * 24 * 60 + 20, 'Hi Sam, yes it is. It fits about a one-bedroom apartment worth of boxes.'],
      ['host', 2 * 24 * 60 + 19, 'Access is with a keypad code, any day 7am to 10pm.'],
      ['renter', 26 * 60, 'Perfect. I have a bike and around 15 boxes. Would that work?'],
      ['renter', 25 * 60, notice('samAtHannah', 'requested'), true],
      ['host', 3 * 60, notice('samAtHannah', 'accepted'), true],
      ['renter', 90, notice('samAtHannah', 'confirmed'), true],
      ['host', 89, 'That works! Your booking is confirmed. See you on move-in day.'],
      ['host', 88, 'I will send the keypad code the day before.'],
    ],
  },
  {
    a: 'renter2',
    b: 'host',
    lines: [
      ['renter2', 5 * 60, 'Hello! Do you allow storing a small sofa in the garage?'],
      ['host', 4 * 60 + 30, 'Hi Olivia, yes, furniture is fine as long as it is wrapped.'],
      ['renter2', 12, 'Great, thanks. Could I come by Saturday to have a look?'],
      ['renter2', 11, notice('oliviaAtHannah', 'requested'), true],
    ],
  },
  {
    a: 'renter',
    b: 'host3',
    lines: [
      ['renter', 6 * 24 * 60, 'Hi Priya, is the basement dry? I would store books.'],
      ['host3', 6 * 24 * 60 - 45, 'Hi Sam! Yes, there is a dehumidifier running all year.'],
      ['renter', 140 * 60, notice('samAtPriya', 'requested'), true],
      ['host3', 139 * 60 + 30, notice('samAtPriya', 'accepted'), true],
      ['renter', 139 * 60, notice('samAtPriya', 'confirmed'), true],
    ],
  },
  {
    a: 'renter2',
    b: 'host2',
    lines: [
      ['renter2', 3 * 24 * 60, 'Bonjour Marc, is the shed lockable?'],
      ['host2', 3 * 24 * 60 - 10, 'Oui, with a padlock. You can bring your own as well.'],
      ['renter2', 71 * 60, notice('oliviaAtMarc', 'requested'), true],
      ['host2', 70 * 60 + 30, notice('oliviaAtMarc', 'accepted'), true],
      ['renter2', 70 * 60, notice('oliviaAtMarc', 'confirmed'), true],
    ],
  },
]

export async function seedConversations(db: Db, people: DemoUsers, booked: DemoBookings) {
  const now = Date.now()
  for (const thread of THREADS) {
    for (const [from, minutesAgo, content, system] of thread.lines) {
      const to = from === thread.a ? thread.b : thread.a
      await insertMessage(db, {
        senderId: people[from].id,
        receiverId: people[to].id,
        content: typeof content === 'string' ? content : content(booked),
        isSystem: system ?? false,
        createdAt: new Date(now - minutesAgo * 60_000),
        // The story: whoever took a step had read the chat up to it.
        senderRead: true,
      })
    }
  }
}
