// Seeds the chat benchmark's data in a few SQL statements (generate_series, not the API), on PGlite or
// PostgreSQL alike through Database.query: one long conversation between a renter and a host, or one
// user with many short conversations, and a session for each user the benchmark acts as. Inserts name
// only the columns they need, so columns added later (with defaults) do not break them.
import { randomUUID } from 'node:crypto'
import type { Database } from '../../../server/src/db/client'
import { hashToken, newSessionToken } from '../../../server/src/modules/accounts/service/sessions'

export interface BenchUser {
  id: string
  token: string
}

export interface ChatFixture {
  size: number
  /** The user whose phone opens the chat. */
  viewer: BenchUser
  /** The other participant, who sends the new message. */
  other: BenchUser
  /** The newest message's text, unique in the database. */
  latestText: string
  minSeq: number
  maxSeq: number
}

export interface ListFixture {
  user: BenchUser
  count: number
}

/** Sentences of 20–110 characters; a message is one or two of them (20–200 characters). */
const PHRASES = [
  'Hi! Is the garage still available?',
  'Yes, it is free from the first of the month.',
  'Great, could I drop off a few boxes on Saturday morning?',
  'Saturday works. I will be home until noon.',
  'How big is the space exactly? I have a sofa and about twenty boxes.',
  'It is roughly three by five metres, with a roll-up door, so a sofa fits easily.',
  'Perfect, thanks.',
  'Is there a power outlet inside? I would like to charge an e-bike.',
  'There is one outlet by the door; you are welcome to use it.',
  'Can I get in on weekday evenings, or only on weekends?',
  'Any day until 9 pm, just text me an hour before you come.',
  'I sent the booking request just now.',
  'Got it, accepted! The code for the side gate is in the booking details.',
  'The lock on the side gate was a bit stiff today, just so you know.',
  'Thanks for telling me, I will oil it tomorrow.',
  'Would it be fine to store a small motorbike as well? It is drained of fuel.',
  'That should be okay as long as it stands on a drip tray.',
  'I will be away for two weeks in August, nothing will change on my side.',
  'No problem at all, have a good trip!',
  'Could we extend the booking for another three months?',
  'Sure, send a new request and I will approve it.',
  'Is the space dry in winter? I have some books in cardboard boxes.',
  'It is insulated and has never had damp; plastic crates are still a good idea for books.',
  'Ok 👍',
  'See you Saturday around ten.',
  'I am running about fifteen minutes late, sorry!',
  'No worries, take your time.',
  'The payment went through this morning.',
  'Received, thank you. Receipt is in your bookings page.',
  'Can a friend of mine pick up two boxes on Thursday? Her name is Maria.',
  'Yes, just ask her to bring an ID and to ring the bell at the front.',
  'Did the delivery company leave a parcel for me? The tracking says delivered.',
  'Yes, it is on the shelf on the left as you come in.',
  'I am moving out at the end of next month, so this will be the last extension.',
  'Understood. It was a pleasure having you, the space was always tidy.',
  'Quick question about parking: can I park the van in the driveway while loading?',
  'Of course, the driveway is free most days after 8 am.',
  'The light in the back corner is not working.',
  'Thanks, I replaced the bulb this afternoon.',
  'Happy new year! Just checking everything is still fine with the unit.',
]

async function createUsers(database: Database, tag: string, names: { first: string; last: string }[]): Promise<BenchUser[]> {
  const users = names.map(() => ({ id: randomUUID(), token: newSessionToken() }))
  const suffix = randomUUID().slice(0, 8)
  await database.query(
    `insert into users (id, email, password_hash, first_name, last_name, referral_code)
     select id, $2 || '-' || n || '-' || $3 || '@example.com', 'x', f, l, upper($2 || n || $3)
     from unnest($1::text[], $4::text[], $5::text[]) with ordinality as t(id, f, l, n)`,
    [users.map((u) => u.id), tag, suffix, names.map((n) => n.first), names.map((n) => n.last)],
  )
  await database.query(
    `insert into sessions (user_id, token_hash, expires_at) select u, h, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(u, h)`,
    [users.map((u) => u.id), users.map((u) => hashToken(u.token))],
  )
  return users
}

/** Keeps a conversation row's denormalised latest message and count in step with its messages. */
async function refreshConversations(database: Database, conversationIds: string[]) {
  await database.query(
    `update conversations c set last_message_id = m.id, last_message_content = m.content, last_message_at = m.created_at, message_count = m.n
     from (select distinct on (conversation_id) conversation_id, id, content, created_at, count(*) over (partition by conversation_id) as n
           from messages where conversation_id = any($1::text[]) order by conversation_id, seq desc) m
     where m.conversation_id = c.id`,
    [conversationIds],
  )
}

/** A renter and a host with `size` messages between them, alternating, spread over a year, the newest unique. */
export async function seedChat(database: Database, size: number): Promise<ChatFixture> {
  const [viewer, other] = await createUsers(database, `chat${size}`, [
    { first: 'Renée', last: `Renter ${size}` },
    { first: 'Hamid', last: `Host ${size}` },
  ])
  const [low, high] = viewer!.id < other!.id ? [viewer!.id, other!.id] : [other!.id, viewer!.id]
  const [conversation] = await database.query<{ id: string }>(`insert into conversations (user_low, user_high) values ($1, $2) returning id`, [low, high])
  const conversationId = conversation!.id
  await database.query(`insert into conversation_members (conversation_id, user_id, other_user_id) values ($1, $2, $3), ($1, $3, $2)`, [
    conversationId,
    viewer!.id,
    other!.id,
  ])
  const latestText = `Latest message ${size} ${randomUUID().slice(0, 8)}`
  // Message g (1…size): the renter writes the odd ones; one phrase, or two for two in three messages.
  await database.query(
    `insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
     select $1, case when g % 2 = 1 then $2 else $3 end, case when g % 2 = 1 then $3 else $2 end,
            case when g = $4 then $6
                 else ($5::text[])[1 + (g * 7919) % cardinality($5::text[])]
                      || case when g % 3 <> 0 then ' ' || ($5::text[])[1 + (g * 104729 + 13) % cardinality($5::text[])] else '' end end,
            now() - interval '366 days' + (g::float8 / $4) * interval '366 days' - interval '2 minutes'
     from generate_series(1, $4::int) as g`,
    [conversationId, viewer!.id, other!.id, size, PHRASES, latestText],
  )
  await refreshConversations(database, [conversationId])
  const [range] = await database.query<{ min: string | number; max: string | number }>(
    `select min(seq) as min, max(seq) as max from messages where conversation_id = $1`,
    [conversationId],
  )
  return { size, viewer: viewer!, other: other!, latestText, minSeq: Number(range!.min), maxSeq: Number(range!.max) }
}

/** One user with `count` conversations of two messages each (one from each side). */
export async function seedConversationList(database: Database, count: number): Promise<ListFixture> {
  const [user] = await createUsers(database, 'listowner', [{ first: 'Lena', last: 'Lister' }])
  const others = await createUsers(
    database,
    'listpartner',
    Array.from({ length: count }, (_, i) => ({ first: `Partner`, last: `Number ${i + 1}` })),
  )
  const otherIds = others.map((o) => o.id)
  const conversations = await database.query<{ id: string }>(
    `insert into conversations (user_low, user_high) select least($1, o), greatest($1, o) from unnest($2::text[]) as t(o) returning id`,
    [user!.id, otherIds],
  )
  const conversationIds = conversations.map((c) => c.id)
  await database.query(
    `insert into conversation_members (conversation_id, user_id, other_user_id)
     select id, user_low, user_high from conversations where id = any($1::text[])
     union all select id, user_high, user_low from conversations where id = any($1::text[])`,
    [conversationIds],
  )
  await database.query(
    `insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
     select c.id, case when g = 1 then o.id else $1 end, case when g = 1 then $1 else o.id end,
            ($3::text[])[1 + (o.n * 31 + g) % cardinality($3::text[])], now() - (o.n * interval '1 hour') - (3 - g) * interval '1 minute'
     from unnest($2::text[]) with ordinality as o(id, n)
     join conversations c on c.user_low = least($1, o.id) and c.user_high = greatest($1, o.id)
     cross join generate_series(1, 2) as g
     order by o.n, g`,
    [user!.id, otherIds, PHRASES],
  )
  await refreshConversations(database, conversationIds)
  return { user: user!, count }
}
