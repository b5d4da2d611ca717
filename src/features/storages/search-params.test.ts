import { describe, expect, it } from 'vitest'
import { activeFilterCount, cleanFilters, parseStorageFilters, toApiSearch } from './search-params'

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
