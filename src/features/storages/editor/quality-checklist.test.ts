import { describe, expect, it } from 'vitest'
import { emptyValues } from './editor-values'
import { qualityChecklist, wordCount } from './quality-checklist'

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

describe('the listing quality checklist', () => {
  it('says what is missing on an empty listing, and on which step', () => {
    const items = qualityChecklist(emptyValues(), 0)
    expect(items.map((i) => [i.key, i.done, i.step])).toEqual([
      ['photos', false, 'photos'],
      ['description', false, 'space'],
      ['size', false, 'size'],
      ['access', false, 'access'],
      ['rules', false, 'access'],
    ])
    expect(items[0]!.missing).toBe('No photos yet: add at least 4')
    expect(items[1]!.missing).toBe('0 words so far: 50 more words on what fits, how dry it is, how to load')
  })

  it('counts photos and words', () => {
    const almost = qualityChecklist({ ...emptyValues(), description: words(49) }, 3)
    expect(almost[0]!.missing).toBe('3 photos so far: add 1 more')
    expect(almost[1]!.missing).toBe('49 words so far: 1 more word on what fits, how dry it is, how to load')
    expect(wordCount('  a  dry\n garage ')).toBe(3)
  })

  it('ticks everything on a complete listing', () => {
    const v = { ...emptyValues(), description: words(50), widthFt: '10', lengthFt: '12', accessHours: 'Daily 8am–8pm', houseRules: 'No fuel.' }
    expect(qualityChecklist(v, 4).every((i) => i.done)).toBe(true)
  })
})
