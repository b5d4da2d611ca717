// Demo conversations between the demo users, with a booking-request system message, spread over the
// last few days so the list, grouping and unread badges look real.
import type { Db } from '../db/client'
import { insertMessage } from '../db/queries/messages'
import type { DemoUserKey, DemoUsers } from './users'

type Line = [from: DemoUserKey, minutesAgo: number, content: string, system?: true]

const THREADS: { a: DemoUserKey; b: DemoUserKey; lines: Line[] }[] = [
  {
    a: 'renter',
    b: 'host',
    lines: [
      ['renter', 2 * 24 * 60 + 40, 'Hi Hannah! Is your garage in Leslieville still available from December?'],
      ['host', 2 * 24 * 60 + 20, 'Hi Sam, yes it is. It fits about a one-bedroom apartment worth of boxes.'],
      ['host', 2 * 24 * 60 + 19, 'Access is with a keypad code, any day 7am to 10pm.'],
      ['renter', 26 * 60, 'Perfect. I have a bike and around 15 boxes. Would that work?'],
      ['renter', 25 * 60, 'Sam Storee requested to book Garage in Leslieville from Dec 1 to Jan 31.', true],
      ['host', 90, 'That works! I just confirmed the booking. See you on the 1st.'],
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
    ],
  },
  {
    a: 'renter',
    b: 'host3',
    lines: [
      ['renter', 6 * 24 * 60, 'Hi Priya, is the basement dry? I would store books.'],
      ['host3', 6 * 24 * 60 - 45, 'Hi Sam! Yes, there is a dehumidifier running all year.'],
    ],
  },
  {
    a: 'renter2',
    b: 'host2',
    lines: [
      ['renter2', 3 * 24 * 60, 'Bonjour Marc, is the shed lockable?'],
      ['host2', 3 * 24 * 60 - 10, 'Oui, with a padlock. You can bring your own as well.'],
    ],
  },
]

export async function seedConversations(db: Db, people: DemoUsers) {
  const now = Date.now()
  for (const thread of THREADS) {
    for (const [from, minutesAgo, content, system] of thread.lines) {
      const to = from === thread.a ? thread.b : thread.a
      await insertMessage(db, {
        senderId: people[from].id,
        receiverId: people[to].id,
        content,
        isSystem: system ?? false,
        createdAt: new Date(now - minutesAgo * 60_000),
      })
    }
  }
}
