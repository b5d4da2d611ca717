import { describe, expect, it } from 'vitest'
import { cleanFilters, parseStorageFilters, toApiSearch } from './search-params'

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
