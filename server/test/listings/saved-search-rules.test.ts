// Saved searches' pure rules: the canonical query, the matcher's columns, the words' substrings, the alert email.
import { describe, expect, it } from 'vitest'
import { substringsOf } from '../../src/modules/listings/queries/saved-search-alerts'
import { buildNotification } from '../../src/modules/notifications/service/push-notifications'
import { savedSearchAlertEmail } from '../../src/modules/listings/service/saved-search-alert-email'
import { normalisedColumns, parseSavedQuery } from '../../src/modules/listings/service/saved-search-criteria'
import { checkSavedSearchToken, savedSearchToken } from '../../src/modules/listings/service/saved-search-unsubscribe-token'

describe('saved-search rules', () => {
  it('keeps only the saved keys, sorted, and the same search in any order is the same query', () => {
    const a = parseSavedQuery('?sort=price&type=garage&q=%20Toronto%20&page=2&limit=50&bbox=1,2,3,4')
    const b = parseSavedQuery('q=Toronto&type=garage')
    expect(a.query).toBe('q=Toronto&type=garage')
    expect(b.query).toBe(a.query)
  })

  it('normalises the criteria as the search applies them', () => {
    const { criteria } = parseSavedQuery('type=garage,parking&features=locked,indoor&setting=covered&fit=car_midsize:1&near=43.65,-79.38&q=Montréal%20Nord')
    const c = normalisedColumns(criteria)
    expect(c).toMatchObject({ typeMask: 0b1000001, settingMask: 0b10, fitDriveIn: true, nearLat: 43.65, radiusKm: 25, qWords: ['montreal', 'nord'] })
    expect(c.featureMask).toBe((1 << 1) | (1 << 3))
    expect(c.boxSouth!).toBeLessThan(43.65)
    expect(c.boxEast!).toBeGreaterThan(-79.38)
  })

  it('lists every space-free substring of the search text', () => {
    expect(substringsOf('ab c').sort()).toEqual(['a', 'ab', 'b', 'c'])
  })

  it('signs the unsubscribe link per search', () => {
    const token = savedSearchToken('key', 'search-1')
    expect(checkSavedSearchToken('key', 'search-1', token)).toBe(true)
    expect(checkSavedSearchToken('key', 'search-2', token)).toBe(false)
    expect(checkSavedSearchToken('other', 'search-1', token)).toBe(false)
  })

  it('lists at most ten listings in an email, and says how many more', () => {
    const listings = Array.from({ length: 12 }, (_, i) => ({ title: `Space ${i}`, line: '$90/mo · Kingston', url: `https://n.test/storages/${i}` }))
    const email = savedSearchAlertEmail({
      firstName: 'Rita',
      name: 'Sheds',
      listings,
      searchUrl: 'https://n.test/storages?q=x',
      unsubscribe: 'https://n.test/u',
    })
    expect(email.subject).toBe('12 new spaces for “Sheds”')
    expect(email.text).toContain('https://n.test/storages/9')
    expect(email.text).not.toContain('https://n.test/storages/10')
    expect(email.text).toContain('…and 2 more.')
    expect(email.html).toContain('Stop these alerts')
  })

  it("a push for several matches opens the search (in the search page's dollars, radius and place), for one the listing", () => {
    const input = {
      savedSearchId: 's1',
      name: 'Sheds',
      query: 'type=shed&maxPrice=15000&near=44.2312%2C-76.486&radiusKm=5',
      placeLabel: 'Princess St, Kingston',
      unsubscribeUrl: '/unsubscribe?search=s1&t=x',
      key: '1',
    }
    const one = buildNotification('saved-search', { ...input, listings: [{ id: 'l1', title: 'Lake shed', line: '$90/mo · Kingston' }] })
    expect(one.payload).toMatchObject({ url: '/storages/l1', body: 'Lake shed · $90/mo · Kingston', unsubscribeUrl: '/unsubscribe?search=s1&t=x' })
    const two = buildNotification('saved-search', {
      ...input,
      listings: [
        { id: 'l2', title: 'Big shed', line: '$120/mo · Kingston' },
        { id: 'l1', title: 'Lake shed', line: '$90/mo · Kingston' },
      ],
    })
    expect(two.payload).toMatchObject({
      url: '/storages?type=shed&maxPrice=150&near=44.2312%2C-76.486&radius=5&place=Princess+St%2C+Kingston',
      body: 'Big shed ($120/mo · Kingston) and 1 more',
      title: '2 new spaces for “Sheds”',
    })
    expect(two.dedupeKey).toBe('saved-search:s1:1')
  })
})
