// Demo listings: 240 storages across Canadian cities, owned by the demo hosts, deterministic (seeded
// PRNG) so every fresh database looks the same. Photos are shared illustrations rendered once.
import type { Db } from '../db/client'
import { storagePhotos } from '../db/schema/storage-photos'
import { storages, type NewStorageRow } from '../db/schema/storages'
import { derivedColumns } from '../modules/listings/service/storages'
import { FEATURES, suggestedPriceCents, type SpaceType } from '@contract/storage'
import { SCHEDULE_PRESETS, WEEKDAYS, zoneForProvince, type AccessSchedule, type WeeklyWindow } from '@contract/access-hours'
import { PLACES } from '../modules/listings/service/canadian-places'
import { renderIllustrations } from './illustrations'
import { prng } from './prng'
import type { DemoUsers } from './users'

export const DEMO_LISTING_COUNT = 240

const KINDS: { type: SpaceType; names: string[]; sizes: [number, number][]; features: string[] }[] = [
  {
    type: 'garage',
    names: ['Single-car garage', 'Detached garage', 'Half of a double garage', 'Garage bay'],
    sizes: [
      [10, 20],
      [12, 20],
      [10, 10],
      [20, 20],
    ],
    features: ['locked', 'ground_level', 'vehicle_access'],
  },
  {
    type: 'basement',
    names: ['Dry basement corner', 'Finished basement room', 'Basement storage area'],
    sizes: [
      [10, 10],
      [8, 12],
      [12, 15],
    ],
    features: ['indoor', 'climate_controlled', 'smoke_detector'],
  },
  {
    type: 'closet',
    names: ['Walk-in closet', 'Hall closet', 'Storage closet'],
    sizes: [
      [4, 5],
      [3, 6],
      [5, 5],
    ],
    features: ['indoor', 'climate_controlled', 'locked'],
  },
  {
    type: 'attic',
    names: ['Attic space', 'Bright attic loft', 'Attic storage'],
    sizes: [
      [10, 14],
      [8, 10],
      [12, 12],
    ],
    features: ['indoor', 'smoke_free'],
  },
  {
    type: 'shed',
    names: ['Backyard shed', 'Garden shed', 'Lockable shed'],
    sizes: [
      [8, 10],
      [6, 8],
      [10, 12],
    ],
    features: ['locked', 'ground_level', 'private_entrance'],
  },
  {
    type: 'spare_room',
    names: ['Spare bedroom', 'Empty spare room', 'Ground-floor spare room'],
    sizes: [
      [10, 12],
      [9, 11],
      [12, 12],
    ],
    features: ['indoor', 'climate_controlled', 'smoke_detector', 'pet_free'],
  },
  {
    type: 'parking',
    names: ['Driveway spot', 'Covered parking space', 'Laneway parking'],
    sizes: [
      [9, 18],
      [10, 20],
      [8, 16],
    ],
    features: ['vehicle_access', 'access_24_7', 'security_camera'],
  },
]

const DESCRIPTIONS = [
  'Clean, dry and easy to reach. Great for boxes, seasonal gear and furniture while you move.',
  'I keep the space tidy and secure. Shelving is available, and I am usually around to help with access.',
  'Quiet residential street with easy loading. Perfect for a student between leases or a small business.',
  'Well lit and swept regularly. Please label your boxes; I can send photos of your things on request.',
]
const HOURS = ['Daily 8am–8pm', 'Weekdays after 5pm, weekends anytime', 'By appointment, 24 hours notice', 'Anytime (24/7)'] as const
const RULES = [
  'No flammable, perishable or hazardous items (see the Prohibited Items Policy).',
  'No food or liquids. Please text before you come by.',
  'Items must be boxed or covered. No vehicles with leaks.',
]
const describe = (a: number, step: number) => `${DESCRIPTIONS[a]} ${DESCRIPTIONS[(a + step) % DESCRIPTIONS.length]}`
const ACCESS = ['key', 'code', 'smart_lock', 'in_person'] as const

/**
 * No two demo listings read the same: a name already used in a neighbourhood becomes the kind's next
 * unused name there, then names the street. Chosen without the PRNG, so every other field stays as it was.
 */
function uniqueTitle(used: Set<string>, names: string[], first: string, hood: string, street: string): string {
  const start = names.indexOf(first)
  const candidates = [...names.slice(start), ...names.slice(0, start)].map((n) => `${n} in ${hood}`)
  const title =
    candidates.find((t) => !used.has(t)) ??
    [...Array(99).keys()].map((n) => `${first} on ${street}${n ? ` (${n + 1})` : ''}, ${hood}`).find((t) => !used.has(t))!
  used.add(title)
  return title
}

export async function seedStorages(db: Db, people: DemoUsers): Promise<void> {
  const rand = prng(20261122)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
  const hosts = [people.host, people.host2, people.host3, people.host4]
  const art = await renderIllustrations()
  const rows: (NewStorageRow & { photoCount: number })[] = []
  const titles = new Set<string>()
  for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
    // The first listings cycle through every neighbourhood, so each city has several.
    const place = i < PLACES.length * 2 ? PLACES[i % PLACES.length]! : pick(PLACES)
    const kind = pick(KINDS)
    const [w, l] = pick(kind.sizes)
    const lat = place.lat + (rand() - 0.5) * 0.02
    const lng = place.lng + (rand() - 0.5) * 0.03
    const base = suggestedPriceCents(w, l)!
    const priceCents = Math.max(2500, Math.round((base * (0.6 + rand() * 0.7)) / 500) * 500)
    // drive_up came later than the rest: left out before the draw, so the demo's sequence (every listing) stays as it was.
    const extra = FEATURES.filter((f) => !kind.features.includes(f) && f !== 'vehicle_access' && f !== 'drive_up' && rand() < 0.07)
    const features = [...kind.features.filter(() => rand() < 0.85), ...extra]
    const row = {
      hostId: hosts[i % hosts.length]!.id,
      status: i % 37 === 36 ? ('paused' as const) : ('active' as const),
      title: uniqueTitle(titles, kind.names, pick(kind.names), place.hood, place.street),
      description: describe(Math.floor(rand() * DESCRIPTIONS.length), 1 + Math.floor(rand() * (DESCRIPTIONS.length - 1))),
      spaceType: kind.type,
      widthFt: w,
      lengthFt: l,
      heightFt: kind.type === 'closet' || kind.type === 'attic' ? 7 : kind.type === 'parking' ? null : 8,
      // Where it is and the longest vehicle it holds, from its type and size (not drawn: the sequence stays as it was).
      setting: kind.type === 'parking' ? 'outdoor' : kind.type === 'shed' ? 'covered' : 'indoor',
      vehicleMaxLengthFt: kind.type === 'garage' || kind.type === 'parking' ? l - 1 : null,
      priceCents,
      street: `${10 + Math.floor(rand() * 2400)} ${place.street}`,
      city: place.city,
      state: place.state,
      postalCode: `${place.fsa} ${Math.floor(rand() * 10)}${'ABCEGHJKLMNPRSTVXY'[Math.floor(rand() * 18)]}${Math.floor(rand() * 10)}`,
      lat: Number(lat.toFixed(6)),
      lng: Number(lng.toFixed(6)),
      features,
      // The drawn hours, as data (the schedule) and, where they need words, as the access note.
      ...accessOf(pick(HOURS), kind.features, place.state),
      accessMethod: pick(ACCESS),
      houseRules: pick(RULES),
      // Most spaces can be booked for a day, as the lead pages promise; a few ask for a month or a season.
      minimumDays: pick([1, 1, 1, 1, 1, 1, 1, 7, 30, 90]),
      // Instant Book on three listings in ten (instantBookOf): from the index, not drawn, so the sequence
      // (every other field) stays as it was.
      ...instantBookOf(i),
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 * 29),
      photoCount: 1 + Math.floor(rand() * 3),
    }
    rows.push({ ...row, ...derivedColumns(row, row.photoCount), publishedAt: row.createdAt, updatedAt: row.createdAt })
  }
  for (let i = 0; i < rows.length; i += 60) {
    const batch = rows.slice(i, i + 60)
    const inserted = await db
      .insert(storages)
      .values(batch.map(({ photoCount: _n, ...r }) => r))
      .returning({ id: storages.id, spaceType: storages.spaceType })
    const photos = inserted.flatMap((s, j) => {
      const set = art[s.spaceType] ?? art.garage!
      return Array.from({ length: batch[j]!.photoCount }, (_, k) => ({ storageId: s.id, position: k, ...set[(i + j + k) % set.length]! }))
    })
    for (let k = 0; k < photos.length; k += 40) await db.insert(storagePhotos).values(photos.slice(k, k + 40))
  }
}

/**
 * The demo's Instant Book listings: three in ten (by index). Two of them ask for a verified ID (one of those
 * also a verified phone); the third (Marc's and Liam's, whose payout setup is done) only a verified email,
 * so the demo renter can book one at once.
 */
export const instantBookOf = (i: number) =>
  [2, 5, 8].includes(i % 10) ? { instantBook: true, instantRequireId: i % 10 !== 5, instantRequirePhone: i % 10 === 8 } : { instantBook: false }

/**
 * A demo listing's access hours as a schedule in its province's zone (the "24/7 access" feature and the
 * schedule agree: derivedColumns keeps them so), and the note only where the hours need words.
 */
function accessOf(hours: (typeof HOURS)[number], features: readonly string[], state: string): { accessHours: string; accessSchedule: AccessSchedule } {
  const all = [...WEEKDAYS]
  const weekly: Record<(typeof HOURS)[number], WeeklyWindow[]> = {
    'Daily 8am–8pm': [{ days: all, open: '08:00', close: '20:00' }],
    'Weekdays after 5pm, weekends anytime': [
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '17:00', close: '22:00' },
      { days: ['sat', 'sun'], open: '08:00', close: '22:00' },
    ],
    'By appointment, 24 hours notice': [],
    'Anytime (24/7)': SCHEDULE_PRESETS['24/7'],
  }
  const always = features.includes('access_24_7') || hours === 'Anytime (24/7)'
  return {
    accessHours: hours === 'By appointment, 24 hours notice' ? 'Message me a day ahead to arrange a time.' : '',
    accessSchedule: { timeZone: zoneForProvince(state), weekly: always ? SCHEDULE_PRESETS['24/7'] : weekly[hours], exceptions: [] },
  }
}
