// What lets an unchanged poll skip the database: a version in memory for each thing a poll shows, bumped by
// every write to it (here or, through LISTEN/NOTIFY, on another instance), and the ETag last computed
// for it from the database together with the moment that computation started.
// - Versions come from one clock. A remembered ETag is good while nothing it depends on was bumped after
//   the read that produced it began; a write bumps after it commits, so a read that began before the bump
//   never vouches for data newer than what it saw.
// - While notifications from other instances may be missed (the LISTEN connection is down), nothing is
//   remembered and nothing is answered from memory; what was remembered before is dropped.
// - Sessions are remembered the same way, for a short while, and forgotten as soon as the user's
//   sessions change (logout, password change, deactivation, any change to the account).

/** Keys of the things that carry a version. */
export const versionKeys = {
  /** One user's conversation list (unread counts, hidden conversations, order). */
  list: (userId: string) => `l:${userId}`,
  /** A pair's conversation (messages, closed), whichever side asks. */
  pair: (a: string, b: string) => (a < b ? `p:${a}:${b}` : `p:${b}:${a}`),
  /** How far `readerId` has read the pair's conversation: what the other side's "Seen" shows. */
  read: (readerId: string, otherId: string) => `r:${readerId}:${otherId}`,
  /** A user as others see them: name, email, deactivation (shown in lists and chats). */
  user: (userId: string) => `u:${userId}`,
  /** A user's sessions and account (what the session cache holds). */
  sessions: (userId: string) => `s:${userId}`,
}

interface Remembered<T> {
  value: T
  /** The clock when the read that produced it began. */
  at: number
  /** The version keys it depends on. */
  keys: string[]
  expires: number
}

export class ChangeVersions<Session = unknown> {
  private clock = 1
  private readonly versions = new Map<string, number>()
  /** Versions forgotten to bound memory count as this one. */
  private floor = 0
  /** Only reads that began after this are remembered; Infinity while notifications may be missed. */
  private liveSince = 0
  private readonly etags = new Map<string, Remembered<string>>()
  private readonly sessions = new Map<string, Remembered<Session>>()

  constructor(readonly opts: { sessionTtlMs: number; maxVersions?: number; maxEntries?: number } = { sessionTtlMs: 30_000 }) {}

  /** Take before reading what an ETag or a session will be computed from. */
  now() {
    return ++this.clock
  }

  get live() {
    return this.liveSince !== Infinity
  }

  bump(keys: Iterable<string>) {
    const v = ++this.clock
    for (const k of keys) {
      this.versions.delete(k)
      this.versions.set(k, v)
    }
    const max = this.opts.maxVersions ?? 200_000
    if (this.versions.size > max) {
      // Forgetting a version would make it look older: count everything forgotten as changed now.
      this.floor = v
      this.versions.clear()
    }
  }

  /** Everything remembered is dropped; with `live` false nothing is remembered until setLive(true). */
  clear() {
    this.clock++
    this.floor = this.clock
    this.versions.clear()
    this.etags.clear()
    this.sessions.clear()
  }

  setLive(live: boolean) {
    this.clear()
    this.liveSince = live ? this.clock : Infinity
  }

  /** The key's last bump (0 if none since it was last forgotten). */
  versionOf(key: string) {
    return this.versions.get(key) ?? 0
  }

  private version(key: string) {
    return Math.max(this.versions.get(key) ?? 0, this.floor)
  }

  private fresh(r: Remembered<unknown> | undefined, now: number) {
    if (!r || r.at < this.liveSince || r.expires <= now) return false
    return r.keys.every((k) => this.version(k) < r.at)
  }

  private remember<T>(map: Map<string, Remembered<T>>, id: string, value: T, at: number, keys: string[], expires: number) {
    // A read that began before a bump (or while notifications may have been missed) vouches for nothing.
    if (at < this.liveSince || keys.some((k) => this.version(k) >= at)) {
      map.delete(id)
      return
    }
    map.delete(id)
    map.set(id, { value, at, keys, expires })
    const max = this.opts.maxEntries ?? 100_000
    if (map.size > max) map.delete(map.keys().next().value!)
  }

  /** The ETag remembered for `id` if nothing it depends on changed since. */
  etag(id: string): string | undefined {
    const r = this.etags.get(id)
    if (this.fresh(r, Date.now())) return r!.value
    if (r) this.etags.delete(id)
    return undefined
  }

  rememberEtag(id: string, etag: string, at: number, keys: string[]) {
    this.remember(this.etags, id, etag, at, keys, Infinity)
  }

  session(tokenHash: string): Session | undefined {
    const r = this.sessions.get(tokenHash)
    if (this.fresh(r, Date.now())) return r!.value
    if (r) this.sessions.delete(tokenHash)
    return undefined
  }

  rememberSession(tokenHash: string, session: Session, at: number, userId: string, expiresAt: Date) {
    if (this.opts.sessionTtlMs <= 0) return
    // Spread over the last quarter of the TTL, so sessions cached together are not all read again at once.
    const ttl = this.opts.sessionTtlMs * (0.75 + Math.random() / 4)
    const expires = Math.min(Date.now() + ttl, expiresAt.getTime())
    this.remember(this.sessions, tokenHash, session, at, [versionKeys.sessions(userId)], expires)
  }

  get size() {
    return { versions: this.versions.size, etags: this.etags.size, sessions: this.sessions.size }
  }
}
