// A short-lived cache of search results (the listings found and the total, before they are shaped for a
// viewer), per server instance. Public search is the busiest call and most people run the same few
// searches (a city, a city and a type); PostgreSQL need not answer each one afresh every time.
// - Entries live `ttlMs` (SEARCH_CACHE_SECONDS, default 10 s; 0 turns the cache off), at most `max` of
//   them, least recently used dropped first.
// - Any listing or profile write on this instance clears it (see plugins/search-cache.ts); another
//   instance's write shows here within the TTL.
// - Concurrent misses for one key share a single database query (no stampede).
export class SearchCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>()
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  get enabled() {
    return this.ttlMs > 0
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) {
      // Most recently used last.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.value
    }
    const generation = this.generation
    const value = load()
    const entry = { value, expires: now + this.ttlMs }
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    // A failed query is not remembered; nor is one that started before a write cleared the cache.
    value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key)
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return value
  }

  clear() {
    this.generation++
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}
