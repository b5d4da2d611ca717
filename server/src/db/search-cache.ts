// A short-lived cache of search results (the listings found and the total, before they are shaped for a
// viewer), per server instance. Public search is the busiest call and most people run the same few
// searches (a city, a city and a type, the map over a city); PostgreSQL need not answer each one afresh
// every time.
// - An answer is served at most `ttlMs` after its query ran (SEARCH_CACHE_SECONDS, default 10 s; 0 turns
//   the cache off). At most `max` entries, least recently used dropped first.
// - Refresh ahead: a search asked for in the last part of its answer's life (`refreshAheadMs`, a third of
//   the TTL by default) is run again in the background while the current answer is served, so a search
//   people keep running never expires under them and never waits for PostgreSQL. Without that, every
//   popular search missed once per TTL, all at once when they had been loaded together, and those misses
//   queued behind each other. Freshness is unchanged: no answer older than the TTL is ever served.
// - Every write that changes what a search returns (a listing's fields, status or photos, a host's name)
//   calls searchChanged(db) from db/change-feed.ts after it commits: that clears it here and, through
//   NOTIFY, on every other instance. An answer loading while it is cleared is not kept.
// - Concurrent misses for one key share a single database query (no stampede), and so do a background
//   refresh and a miss that arrives while it runs.
interface Entry<T> {
  value: Promise<T>
  expires: number
  /** The background refresh under way, if any. */
  refresh?: Promise<T>
}

export class SearchCache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private generation = 0
  private readonly refreshAheadMs: number

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
    refreshAheadMs?: number,
  ) {
    this.refreshAheadMs = Math.min(ttlMs, refreshAheadMs ?? Math.round(ttlMs / 3))
  }

  /** Suspended while changes from other instances may be missed: every search goes to the database. */
  private suspended = false

  get enabled() {
    return this.ttlMs > 0 && !this.suspended
  }

  suspend() {
    this.suspended = true
    this.clear()
  }

  resume() {
    this.clear()
    this.suspended = false
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) {
      // Most recently used last.
      this.entries.delete(key)
      this.entries.set(key, hit)
      if (!hit.refresh && hit.expires - now <= this.refreshAheadMs) this.refresh(key, hit, load)
      return hit.value
    }
    if (hit?.refresh) return hit.refresh
    return this.store(key, load(), now).value
  }

  /** Puts a loading answer in the cache; it is forgotten if it fails or a write cleared the cache meanwhile. */
  private store(key: string, value: Promise<T>, started: number): Entry<T> {
    const generation = this.generation
    const entry: Entry<T> = { value, expires: started + this.ttlMs }
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key)
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return entry
  }

  /** Runs the search again in the background; its answer replaces the current one once it arrives. */
  private refresh(key: string, current: Entry<T>, load: () => Promise<T>) {
    const generation = this.generation
    const started = Date.now()
    const value = load()
    current.refresh = value
    value.then(
      () => {
        // Not after a write cleared the cache, nor over an entry that was dropped or replaced meanwhile.
        if (generation === this.generation && this.entries.get(key) === current) this.store(key, value, started)
        current.refresh = undefined
      },
      () => {
        // A failed refresh leaves the current answer to expire as it would have; the next request retries.
        current.refresh = undefined
      },
    )
  }

  clear() {
    this.generation++
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}
