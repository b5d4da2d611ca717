import { describe, expect, it } from 'vitest'
import { canonicalSearchQuery } from '@contract/saved-search-query'
import {
  activeFilterCount,
  cleanFilters,
  describeDistance,
  describeStay,
  filtersFromApiQuery,
  parseStorageFilters,
  stayParams,
  toApiSearch,
  type StorageFilters,
} from './search-params'

describe('the fit search param', () => {
  it('keeps a fit list in catalog order and sends it to the API', () => {
    const f = parseStorageFilters({ fit: 'sofa:1,bed_queen:1,box_medium:20', sort: 'fit' })
    expect(f.fit).toBe('box_medium:20,bed_queen:1,sofa:1')
    expect(f.sort).toBe('fit')
    expect(toApiSearch(f)).toEqual({ fit: 'box_medium:20,bed_queen:1,sofa:1', sort: 'fit' })
  })
  it('drops a bad list rather than failing the page, and Best fit without a list', () => {
    expect(parseStorageFilters({ fit: 'piano:1', sort: 'fit' })).toMatchObject({ fit: undefined, sort: undefined })
    expect(parseStorageFilters({ fit: 12 }).fit).toBeUndefined()
    expect(cleanFilters({ sort: 'fit' })).toEqual({})
  })
})

describe('the setting and vehicleLength search params', () => {
  it('keeps known settings and a whole length in feet, and sends both to the API', () => {
    const f = parseStorageFilters({ setting: 'covered,outdoor', vehicleLength: '22' })
    expect(f).toMatchObject({ setting: 'covered,outdoor', vehicleLength: 22 })
    expect(toApiSearch(f)).toEqual({ setting: 'covered,outdoor', vehicleLength: 22 })
    expect(activeFilterCount(f)).toBe(2)
    // The router JSON-parses values: a number arrives as one.
    expect(parseStorageFilters({ vehicleLength: 18 }).vehicleLength).toBe(18)
  })
  it('drops unknown settings and lengths outside 1–100 ft rather than failing the page', () => {
    expect(parseStorageFilters({ setting: 'garden,covered' }).setting).toBe('covered')
    expect(parseStorageFilters({ setting: 'garden' }).setting).toBeUndefined()
    for (const vehicleLength of ['0', '101', '-4', '12.5', 'long', ''])
      expect(parseStorageFilters({ vehicleLength }).vehicleLength, vehicleLength).toBeUndefined()
    expect(cleanFilters(parseStorageFilters({ setting: 'garden', vehicleLength: '0', type: 'garage' }))).toEqual({ type: 'garage' })
    expect(activeFilterCount(parseStorageFilters({}))).toBe(0)
  })
})

describe('the distance search params (near, place, radius)', () => {
  it('keeps a point to 4 decimals, the place typed and a radius offered, and sends near and radiusKm', () => {
    const f = parseStorageFilters({ near: '43.670312,-79.40719', place: ' 123 Queen St W, Toronto ', radius: '5', sort: 'distance' })
    expect(f).toMatchObject({ near: '43.6703,-79.4072', place: '123 Queen St W, Toronto', radius: 5, sort: 'distance' })
    expect(toApiSearch(f)).toEqual({ near: '43.6703,-79.4072', radiusKm: 5, sort: 'distance' })
    expect(activeFilterCount(f)).toBe(1)
    expect(describeDistance(f)).toBe('Within 5 km of Queen St W')
  })
  it('reads a missing or unoffered radius as 10 km, and a place in the URL wins over the map’s point', () => {
    for (const radius of [undefined, '7', '0', 'far', 500]) expect(parseStorageFilters({ near: '45.4,-75.69', radius }).radius, String(radius)).toBe(10)
    const f = parseStorageFilters({ near: '45.4,-75.69' })
    expect(toApiSearch(f, { near: '49.2,-123.1', radiusKm: 25, bbox: '1,2,3,4' })).toEqual({ near: '45.4,-75.69', radiusKm: 10, bbox: '1,2,3,4' })
    expect(toApiSearch({}, { near: '49.2,-123.1', radiusKm: 25 })).toEqual({ near: '49.2,-123.1', radiusKm: 25 })
    expect(describeDistance(f)).toBe('Within 10 km of the chosen point')
  })
  it('drops a bad point, and with it the place, the radius and Nearest, rather than failing the page', () => {
    for (const near of ['91,0', '0,181', '43.6', 'toronto', '43.6,-79.4,2', 12])
      expect(parseStorageFilters({ near, place: 'Toronto', radius: 5, sort: 'distance' }), String(near)).toMatchObject({
        near: undefined,
        place: undefined,
        radius: undefined,
        sort: undefined,
      })
    expect(parseStorageFilters({ near: '43.6,-79.4', place: 'x'.repeat(121) }).place).toBeUndefined()
    expect(cleanFilters({ place: 'Toronto', radius: 5, sort: 'distance', type: 'garage' })).toEqual({ type: 'garage' })
  })
})

describe('filtersFromApiQuery: a saved search opened as /storages filters', () => {
  const cases: StorageFilters[] = [
    { q: 'Toronto', type: 'garage,basement', minPrice: 40, maxPrice: 200, minSize: 50 },
    { features: 'climate_controlled,locked', setting: 'indoor', vehicleLength: 22, noMinimum: true, instantBook: true },
    { fit: 'box_medium:20,sofa:1', near: '43.6703,-79.4072', place: 'Bloor St W, The Annex, Toronto', radius: 5 },
  ]
  it('is the inverse of toApiSearch (cents back to dollars, radiusKm to radius, the kept label to place)', () => {
    for (const f of cases) {
      const api = toApiSearch(f)
      const query = new URLSearchParams(Object.entries(api).map(([k, v]) => [k, String(v)])).toString()
      expect(filtersFromApiQuery(query, f.place), query).toEqual(f)
    }
  })
  it('reads a kept radius to the nearest one offered, and drops values a link could not carry', () => {
    expect(filtersFromApiQuery('near=45.4,-75.69&radiusKm=25')).toEqual({ near: '45.4,-75.69', radius: 25 })
    expect(filtersFromApiQuery('near=45.4,-75.69&radiusKm=7.5', 'Ottawa')).toEqual({ near: '45.4,-75.69', radius: 5, place: 'Ottawa' })
    expect(filtersFromApiQuery('near=45.4,-75.69')).toEqual({ near: '45.4,-75.69', radius: 10 })
    expect(filtersFromApiQuery('maxPrice=12345&type=castle&radiusKm=5', 'Ottawa')).toEqual({ maxPrice: 123 })
    expect(filtersFromApiQuery('')).toEqual({})
  })
})

describe('the Instant book filter', () => {
  it('reads instantBook=true from the URL, sends it to the API and counts as one active filter; a bad value is dropped', () => {
    const f = parseStorageFilters({ instantBook: 'true' })
    expect(f.instantBook).toBe(true)
    expect(toApiSearch(f)).toEqual({ instantBook: 'true' })
    expect(activeFilterCount(f)).toBe(1)
    expect(parseStorageFilters({ instantBook: 'yes please' }).instantBook).toBeUndefined()
  })
})

describe('a saved search keeps Instant book', () => {
  it('is in the canonical query, so the search page and the saved one agree', () => {
    expect(canonicalSearchQuery({ q: 'Ottawa', instantBook: 'true', from: '2099-01-01' })).toBe('q=Ottawa&instantBook=true')
    expect(filtersFromApiQuery('q=Ottawa&instantBook=true')).toEqual({ q: 'Ottawa', instantBook: true })
  })
})

describe('the dates search params (from, to)', () => {
  // A today far ahead, so that toApiSearch (which reads the real date) never finds these days past.
  const today = '2099-12-01'
  it('keeps a stay from today on, sends both days to the API, counts as one filter and reads as a chip', () => {
    const f = parseStorageFilters({ from: '2099-12-05', to: '2100-01-05' }, today)
    expect(f).toMatchObject({ from: '2099-12-05', to: '2100-01-05' })
    expect(toApiSearch(f)).toMatchObject({ from: '2099-12-05', to: '2100-01-05' })
    expect(activeFilterCount(f)).toBe(1)
    expect(describeStay(f)).toBe('Dec 5 – Jan 5')
    expect(describeStay({ from: '2099-12-05' })).toBe('From Dec 5')
    expect(describeStay({ from: '2099-12-05', to: '2099-12-05' })).toBe('Dec 5')
    expect(describeStay({})).toBeUndefined()
    expect(stayParams(today, undefined, today)).toEqual({ from: today, to: undefined })
  })
  it('drops a past, unreal or too distant first day with its last day, and a bad last day alone', () => {
    expect(stayParams('2099-11-30', '2099-12-10', today)).toEqual({})
    expect(stayParams('2099-02-30', undefined, today)).toEqual({})
    expect(stayParams('soon', '2099-12-10', today)).toEqual({})
    expect(stayParams('2101-07-01', undefined, today)).toEqual({}) // more than 18 months ahead
    expect(stayParams(20991205, undefined, today)).toEqual({})
    expect(stayParams('2099-12-05', '2099-12-04', today)).toEqual({ from: '2099-12-05', to: undefined })
    expect(stayParams('2099-12-05', '2104-12-05', today)).toEqual({ from: '2099-12-05', to: undefined }) // past 5 years
    expect(stayParams(undefined, '2099-12-10', today)).toEqual({})
  })
  it('cleans a last day without a first day out of the URL', () => {
    expect(cleanFilters({ to: '2099-12-10', type: 'garage' })).toEqual({ type: 'garage' })
  })
  it('starts the API’s stay on UTC’s today when this device’s today is behind it', () => {
    const utcToday = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(toApiSearch({ from: yesterday, to: yesterday })).toEqual({ from: utcToday, to: utcToday })
  })
})
