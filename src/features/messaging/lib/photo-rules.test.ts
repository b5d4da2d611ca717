import { describe, expect, it } from 'vitest'
import { photoErrorAtSend, photoPlaceholder, pickPhotos } from './photo-rules'

const MB = 1024 * 1024
const img = (name: string, size = 1 * MB, type = 'image/jpeg') => ({ name, size, type })

describe('picking photos', () => {
  it('accepts images and keeps the earlier ones', () => {
    const r = pickPhotos([img('a.jpg')], [img('b.png', MB, 'image/png')])
    expect(r.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.png'])
    expect(r.errors).toEqual([])
  })
  it('refuses more than 5 chosen at once', () => {
    const r = pickPhotos(
      [],
      Array.from({ length: 6 }, (_, i) => img(`${i}.jpg`, 100)),
    )
    expect(r).toEqual({ photos: [], errors: ['You can only send up to 5 photos at once'] })
  })
  it('skips non-images and images over 5MB, naming the file', () => {
    const r = pickPhotos([], [img('doc.pdf', 100, 'application/pdf'), img('big.jpg', 5 * MB + 1), img('ok.jpg')])
    expect(r.photos.map((p) => p.name)).toEqual(['ok.jpg'])
    expect(r.errors).toEqual(['doc.pdf is not an image file', 'big.jpg is too large (max 5MB)'])
  })
  it('keeps at most 5 overall and drops the extras', () => {
    const current = [img('1.jpg', 100), img('2.jpg', 100), img('3.jpg', 100), img('4.jpg', 100)]
    const r = pickPhotos(current, [img('5.jpg', 100), img('6.jpg', 100)])
    expect(r.photos.map((p) => p.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'])
    expect(r.errors).toEqual(['Maximum 5 photos allowed'])
  })
  it('refuses a pick that takes the total over 10MB', () => {
    const r = pickPhotos([img('a.jpg', 4 * MB), img('b.jpg', 4 * MB)], [img('c.jpg', 3 * MB)])
    expect(r.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg'])
    expect(r.errors).toEqual(['Total photo size exceeds 10MB limit'])
  })
  it('checks again at send time', () => {
    expect(photoErrorAtSend([img('a.jpg'), img('b.jpg', 6 * MB)])).toBe('Photo 2 exceeds 5MB limit')
    expect(photoErrorAtSend([img('a.jpg')])).toBeNull()
  })
  it('shows the photo count as placeholder', () => {
    expect(photoPlaceholder(1)).toBe('1 photo attached')
    expect(photoPlaceholder(3)).toBe('3 photos attached')
  })
})
