// What makes a listing one renters trust (issue 44, after Neighbor's advice: 4+ photos, 50+ words), as a
// checklist the editor shows: each item done, or what is missing and on which step to add it.
import type { EditorValues, StepKey } from './editor-values'

export const MIN_PHOTOS = 4
export const MIN_DESCRIPTION_WORDS = 50

export interface ChecklistItem {
  key: 'photos' | 'description' | 'size' | 'access' | 'rules'
  label: string
  done: boolean
  /** What is missing, said to the host ('' when done). */
  missing: string
  step: StepKey
}

export const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

const more = (n: number, one: string, many: string) => `${n} more ${n === 1 ? one : many}`

export function qualityChecklist(v: EditorValues, photoCount: number): ChecklistItem[] {
  const words = wordCount(v.description)
  const sized = Number(v.widthFt) > 0 && Number(v.lengthFt) > 0
  return [
    {
      key: 'photos',
      label: `${MIN_PHOTOS} or more photos`,
      done: photoCount >= MIN_PHOTOS,
      missing:
        photoCount === 0
          ? `No photos yet: add at least ${MIN_PHOTOS}`
          : `${photoCount} ${photoCount === 1 ? 'photo' : 'photos'} so far: add ${MIN_PHOTOS - photoCount} more`,
      step: 'photos',
    },
    {
      key: 'description',
      label: `A description of ${MIN_DESCRIPTION_WORDS} words or more`,
      done: words >= MIN_DESCRIPTION_WORDS,
      missing: `${words} ${words === 1 ? 'word' : 'words'} so far: ${more(MIN_DESCRIPTION_WORDS - words, 'word', 'words')} on what fits, how dry it is, how to load`,
      step: 'space',
    },
    { key: 'size', label: 'The width and length', done: sized, missing: 'Add the width and length', step: 'size' },
    {
      key: 'access',
      label: 'Access hours',
      done: v.accessSchedule !== null || v.accessHours.trim() !== '',
      missing: 'Say when renters can get in',
      step: 'access',
    },
    {
      key: 'rules',
      label: 'House rules',
      done: v.houseRules.trim() !== '',
      missing: 'Add house rules: what may not be stored, when to call ahead',
      step: 'access',
    },
  ]
}
