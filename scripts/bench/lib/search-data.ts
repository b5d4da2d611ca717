// Bulk data for the search benchmark: 200 hosts and 100,000 listings spread over Canadian cities,
// generated inside PostgreSQL (generate_series, seeded random) in a few seconds. Derived columns
// (size, approximate point, search text, score) follow the same rules as server/src/domain.
export const LISTINGS = 100_000

/** Name, search-text form, province, centre lat, lng, postal district. */
export const CITIES: [string, string, string, number, number, string][] = [
  ['Toronto', 'toronto', 'ON', 43.6532, -79.3832, 'M5V'],
  ['Montréal', 'montreal', 'QC', 45.5019, -73.5674, 'H2J'],
  ['Vancouver', 'vancouver', 'BC', 49.2827, -123.1207, 'V6K'],
  ['Calgary', 'calgary', 'AB', 51.0447, -114.0719, 'T2N'],
  ['Edmonton', 'edmonton', 'AB', 53.5461, -113.4938, 'T6E'],
  ['Ottawa', 'ottawa', 'ON', 45.4215, -75.6972, 'K1S'],
  ['Winnipeg', 'winnipeg', 'MB', 49.8951, -97.1384, 'R3L'],
  ['Québec City', 'quebec city', 'QC', 46.8139, -71.208, 'G1K'],
  ['Hamilton', 'hamilton', 'ON', 43.2557, -79.8711, 'L8P'],
  ['Halifax', 'halifax', 'NS', 44.6488, -63.5752, 'B3K'],
  ['Victoria', 'victoria', 'BC', 48.4284, -123.3656, 'V8T'],
  ['Saskatoon', 'saskatoon', 'SK', 52.1332, -106.67, 'S7N'],
  ['Regina', 'regina', 'SK', 50.4452, -104.6189, 'S4T'],
  ["St. John's", "st. john's", 'NL', 47.5615, -52.7126, 'A1C'],
  ['Kitchener', 'kitchener', 'ON', 43.4516, -80.4925, 'N2G'],
  ['London', 'london', 'ON', 42.9849, -81.2453, 'N5W'],
]
const TYPES = ['garage', 'basement', 'closet', 'attic', 'shed', 'spare_room', 'parking', 'other']
const FEATURES = [
  'locked',
  'indoor',
  'climate_controlled',
  'security_camera',
  'ground_level',
  'vehicle_access',
  'access_24_7',
  'private_entrance',
  'smoke_detector',
]

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`

export function bulkInsertSql(): string[] {
  const cities = CITIES.map(([c, plain, st, lat, lng, fsa], i) => `(${i}, ${lit(c)}, ${lit(plain)}, ${lit(st)}, ${lat}, ${lng}, ${lit(fsa)})`).join(',\n  ')
  const types = TYPES.map((t, i) => `(${i}, ${lit(t)})`).join(', ')
  const features = `(array[${FEATURES.map(lit).join(',')}]::text[])`
  return [
    `select setseed(0.42)`,
    `insert into users (email, password_hash, first_name, last_name, referral_code)
     select 'bench-host-' || g || '@example.com', 'x', 'Host', 'Number ' || g, 'BENCH' || g from generate_series(1, 200) g`,
    `with cities(idx, city, plain, state, lat, lng, fsa) as (values
  ${cities}),
types(idx, type) as (values ${types}),
hosts as (select array_agg(id order by email) ids from users),
base as materialized (
  select g, g % ${CITIES.length} ci, (g / ${CITIES.length}) % ${TYPES.length} ti, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7
  from generate_series(1, ${LISTINGS}) g
),
placed as (
  select b.*, c.city, c.plain, c.state, c.fsa, t.type,
    c.lat + (b.r1 - 0.5) * 0.25 lat, c.lng + (b.r2 - 0.5) * 0.35 lng,
    (4 + floor(b.r3 * 17))::float8 w, (4 + floor(b.r4 * 22))::float8 l
  from base b join cities c on c.idx = b.ci join types t on t.idx = b.ti
),
approx as (
  select p.*, round(p.lat / 0.0045) * 0.0045 alat from placed p
)
insert into storages (host_id, status, title, description, space_type, width_ft, length_ft, size_sqft, price_cents, street, city, state,
  postal_code, country, lat, lng, approx_lat, approx_lng, features, access_hours, access_method, search_text, score, published_at, created_at, updated_at)
select h.ids[1 + (a.g % array_length(h.ids, 1))],
  case when a.g % 20 = 0 then 'paused' when a.g % 33 = 0 then 'draft' else 'active' end,
  initcap(replace(a.type, '_', ' ')) || ' ' || a.g || ' in ' || a.city,
  'A clean, dry space for boxes and furniture.', a.type, a.w, a.l, a.w * a.l,
  (2500 + floor(a.r5 * 300) * 100)::int,
  a.g || ' Main St', a.city, a.state, a.fsa || ' 1A1', 'CA', a.lat, a.lng,
  a.alat, round(a.lng / (0.0045 / greatest(0.1, cos(radians(a.alat))))) * (0.0045 / greatest(0.1, cos(radians(a.alat)))),
  ${features}[1 + floor(a.r6 * 8)::int : 1 + floor(a.r6 * 8)::int + floor(a.r7 * 3)::int],
  'Daily 8am-8pm', 'key',
  a.plain || ' ' || lower(a.state) || ' ' || lower(a.fsa) || ' ' || lower(replace(a.type, '_', ' ')) || ' ' || a.g || ' in ' || a.plain,
  floor(a.r3 * 60)::int,
  now() - a.g * interval '1 minute', now() - a.g * interval '1 minute', now() - a.g * interval '1 minute'
from approx a cross join hosts h`,
    `vacuum analyze storages`,
    `vacuum analyze users`,
  ]
}

/**
 * The calendar the dates scenarios search against (issue 43): a third of the listings hold a paid stay
 * starting within the next 60 days (7 to 90 days long, one in ten open-ended), one in ten a second one,
 * one in five fits two bookings at once, and one in twenty has three blocked days in the next 90.
 */
export function calendarSql(): string[] {
  const quote = lit(
    JSON.stringify({
      kind: 'monthly',
      days: null,
      monthlyCents: 10000,
      baseCents: 10000,
      serviceFeeCents: 0,
      protectionCents: 0,
      firstPaymentCents: 10000,
      recurringCents: 10000,
      platformFeePercent: 10,
    }),
  )
  const stay = (
    share: string,
    offset: string,
  ) => `insert into bookings (storage_id, renter_id, host_id, state, start_date, end_date, currency, list_monthly_cents, quote, expires_at)
     select s.id, r.id, s.host_id, 'confirmed', current_date + ${offset}, case when n % 10 = 0 then null else current_date + ${offset} + 7 + (n * 7) % 84 end,
       'CAD', s.price_cents, ${quote}::jsonb, now() + interval '1 day'
     from (select id, host_id, price_cents, (row_number() over (order by id))::int n from storages where status = 'active') s
     cross join (select id from users where email = 'bench-renter@example.com') r where ${share}`
  return [
    `insert into users (email, password_hash, first_name, last_name, referral_code) values ('bench-renter@example.com', 'x', 'Renter', 'Bench', 'BENCHR')`,
    stay('n % 3 = 0', '(n % 60)::int'),
    stay('n % 10 = 1', '(n * 13 % 60)::int'),
    `update storages set capacity = 2 where (hashtext(id) & 4095) % 5 = 0`,
    `insert into storage_blocked_dates (storage_id, start_date, end_date)
     select id, current_date + (n % 90)::int, current_date + (n % 90)::int + 2
     from (select id, (row_number() over (order by id))::int n from storages where status = 'active') s where n % 20 = 7`,
    `vacuum analyze bookings`,
    `vacuum analyze storage_blocked_dates`,
    `vacuum analyze storages`,
  ]
}
