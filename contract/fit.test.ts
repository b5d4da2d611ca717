import { describe, expect, it } from 'vitest'
import { decodeFit, describeFit, describeNeed, encodeFit, estimateFit, FIT_ITEM_IDS, FIT_ITEMS, fitOf, type FitNeed } from './fit'

describe('the catalog', () => {
  it('has one entry for each id the URLs use, in their order (fit-list.ts keeps the ids apart for the startup bundle)', () => {
    expect(Object.keys(FIT_ITEMS)).toEqual(FIT_ITEM_IDS)
  })
})

describe('estimateFit', () => {
  it('a sofa, a queen bed and 20 medium boxes need about 82 sq ft, 5.5 ft high', () => {
    // Footprints 21 + 33, boxes four to a 5.33 ft stack: 5 stacks × 2.25 = 11.25; 65.25 × 1.25 aisle = 81.6.
    const need = estimateFit({ items: { sofa: 1, bed_queen: 1, box_medium: 20 } })
    expect(need).toEqual({ areaSqft: 82, heightFt: 5.5, driveIn: false })
    expect(describeNeed(need)).toBe('About 82 sq ft, 5.5 ft high')
  })
  it('a one-bedroom apartment needs the guides’ 10 × 10, and a car needs drive-in access', () => {
    expect(estimateFit({ items: { home_1br: 1 } })).toEqual({ areaSqft: 100, heightFt: 7, driveIn: false })
    expect(estimateFit({ items: { car_suv: 1 } })).toMatchObject({ areaSqft: 138, heightFt: 6, driveIn: true })
  })
  it('a few boxes stack only as high as they are many', () => {
    expect(estimateFit({ items: { box_large: 2 } })).toEqual({ areaSqft: 3, heightFt: 4, driveIn: false })
  })
  it('a typed area is taken as it is, with no height', () => {
    expect(estimateFit({ items: {}, areaSqft: 80 })).toEqual({ areaSqft: 80, heightFt: 0, driveIn: false })
    expect(describeNeed({ areaSqft: 80, heightFt: 0, driveIn: false })).toBe('About 80 sq ft')
  })
})

describe('fitOf', () => {
  const need: FitNeed = { areaSqft: 100, heightFt: 7, driveIn: false }
  const space = (widthFt: number, lengthFt: number, heightFt: number | null, spaceType = 'basement', features: string[] = []) => ({
    widthFt,
    lengthFt,
    heightFt,
    spaceType,
    features,
  })
  it('fits with 15 % or more to spare, is tight under it, and does not fit below the need', () => {
    expect(fitOf(space(10, 11.5, 9), need)).toBe('fits')
    expect(fitOf(space(10, 11.4, 9), need)).toBe('tight')
    expect(fitOf(space(10, 10, 9), need)).toBe('tight')
    expect(fitOf(space(10, 9.9, 9), need)).toBeNull()
  })
  it('a known height is checked the same way; an unknown one leaves the area to decide', () => {
    expect(fitOf(space(20, 20, 6.9), need)).toBeNull()
    expect(fitOf(space(20, 20, 8), need)).toBe('tight')
    expect(fitOf(space(20, 20, 8.05), need)).toBe('fits')
    expect(fitOf(space(20, 20, null), need)).toBe('fits')
  })
  it('a vehicle needs a garage, a parking space or vehicle access', () => {
    const car = { ...need, driveIn: true }
    expect(fitOf(space(20, 20, null), car)).toBeNull()
    expect(fitOf(space(20, 20, null, 'garage'), car)).toBe('fits')
    expect(fitOf(space(20, 20, null, 'parking'), car)).toBe('fits')
    expect(fitOf(space(20, 20, null, 'shed', ['vehicle_access']), car)).toBe('fits')
  })
})

describe('the fit URL codec', () => {
  it('round-trips items and a typed area, in catalog order whatever order they came in', () => {
    const decoded = decodeFit('sofa:1,bed_queen:1,box_medium:20,area:30')
    expect(decoded).toEqual({ list: { items: { sofa: 1, bed_queen: 1, box_medium: 20 }, areaSqft: 30 } })
    expect('list' in decoded && encodeFit(decoded.list)).toBe('box_medium:20,bed_queen:1,sofa:1,area:30')
    expect('list' in decoded && describeFit(decoded.list)).toBe('20 medium boxes, 1 queen bed, 1 sofa, 30 sq ft more')
  })
  it('says what is wrong with a bad list', () => {
    expect(decodeFit('piano:1')).toEqual({ error: 'contains an unknown item "piano"' })
    expect(decodeFit('sofa:0')).toEqual({ error: 'needs a whole number of at least 1 after "sofa:"' })
    expect(decodeFit('sofa:1.5')).toEqual({ error: 'needs a whole number of at least 1 after "sofa:"' })
    expect(decodeFit('sofa')).toEqual({ error: 'needs a whole number of at least 1 after "sofa:"' })
    expect(decodeFit('sofa:1000')).toEqual({ error: 'quantity of sofa must be at most 999' })
    expect(decodeFit('sofa:1,sofa:2')).toEqual({ error: 'lists sofa twice' })
    expect(decodeFit('')).toEqual({ error: 'must list at least one item' })
    expect(decodeFit(Array(40).fill('sofa:1').join(','))).toEqual({ error: 'must list at most 25 entries' })
  })
})
