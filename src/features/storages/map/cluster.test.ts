import { describe, expect, it } from 'vitest'
import { groupOverlapping, stackOffsets } from './cluster'

describe('groupOverlapping', () => {
  it('groups pills that would cover each other and leaves apart those that would not', () => {
    const groups = groupOverlapping([
      { item: 'a', x: 100, y: 100 },
      { item: 'b', x: 130, y: 110 },
      { item: 'c', x: 100, y: 100 },
      { item: 'd', x: 180, y: 100 },
      { item: 'e', x: 100, y: 150 },
    ])
    expect(groups.map((g) => g.items)).toEqual([['a', 'b', 'c'], ['d'], ['e']])
    expect(groups[0]).toMatchObject({ x: 100, y: 100 })
  })
})

describe('stackOffsets', () => {
  it('centres a stack on its point', () => {
    expect(stackOffsets(1)).toEqual([0])
    expect(stackOffsets(3)).toEqual([-26, 0, 26])
  })
})
