// Seeds a PostgreSQL database for the polling benchmark in a few statements: `count` users in pairs, one
// conversation per pair with a dozen messages, and a session per user. Returns each user's token and partner.
import pg from 'pg'
import { hashToken, newSessionToken } from '../../../server/src/modules/accounts/service/sessions'
import type { Client } from './poll-clients'

const MESSAGES_PER_CHAT = 12

export async function seedPollingData(databaseUrl: string, count: number): Promise<Client[]> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const ids: string[] = []
  const tokens: string[] = []
  for (let i = 0; i < count; i++) {
    ids.push(crypto.randomUUID())
    tokens.push(newSessionToken())
  }
  await db.query('begin')
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, referral_code)
     select id, 'bench' || n || '@example.com', 'x', 'Bench', 'User ' || n, 'B' || n from unnest($1::text[]) with ordinality as t(id, n)`,
    [ids],
  )
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at) select u, h, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(u, h)`,
    [ids, tokens.map(hashToken)],
  )
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < count; i += 2) pairs.push(ids[i]! < ids[i + 1]! ? [ids[i]!, ids[i + 1]!] : [ids[i + 1]!, ids[i]!])
  await db.query(`insert into conversations (user_low, user_high) select a, b from unnest($1::text[], $2::text[]) as t(a, b)`, [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ])
  await db.query(`insert into conversation_members (conversation_id, user_id, other_user_id)
    select id, user_low, user_high from conversations union all select id, user_high, user_low from conversations`)
  await db.query(
    `insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
     select c.id, case when g % 2 = 0 then c.user_low else c.user_high end, case when g % 2 = 0 then c.user_high else c.user_low end,
            'Benchmark message number ' || g || ' about the storage unit and access times.', now() - (${MESSAGES_PER_CHAT} - g) * interval '1 minute'
     from conversations c cross join generate_series(1, ${MESSAGES_PER_CHAT}) as g`,
  )
  await db.query(`update conversations c set last_message_id = m.id, last_message_content = m.content, last_message_at = m.created_at, message_count = ${MESSAGES_PER_CHAT}
    from (select distinct on (conversation_id) conversation_id, id, content, created_at from messages order by conversation_id, seq desc) m where m.conversation_id = c.id`)
  await db.query('commit')
  await db.query('analyze')
  await db.end()
  return ids.map((id, i) => ({ token: tokens[i]!, partner: ids[i % 2 === 0 ? i + 1 : i - 1]! })).slice(0, pairs.length * 2)
}
