// The composer's warning reads the draft as the server will: after my own last texts, so the end of a
// number split over messages warns too; once a paid booking opens contact, nothing warns.
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { CONTACT_MASK_NOTE } from '@contract/contact-mask'
import { userTrustQueryOptions } from '../api/verification-calls'
import { ContactNote } from './contact-note'

afterEach(cleanup)

function show(draft: string, previous: string[], contactOpen = false) {
  const client = new QueryClient()
  client.setQueryData(userTrustQueryOptions('host-1').queryKey, { verifications: { email: true, phone: false, id: false }, contactOpen })
  render(
    <QueryClientProvider client={client}>
      <ContactNote otherUserId="host-1" draft={draft} previous={previous} />
    </QueryClientProvider>,
  )
  return screen.queryByRole('note')?.textContent ?? null
}

describe('ContactNote', () => {
  it('warns about a draft that finishes a number begun in my last message', () => {
    expect(show('0199', ['416 555'])).toBe(CONTACT_MASK_NOTE)
  })
  it('warns about full-width digits on their own', () => {
    expect(show('４１６ ５５５ ０１９９', [])).toBe(CONTACT_MASK_NOTE)
  })
  it('stays quiet for ordinary talk, and once contact is open', () => {
    expect(show('and 1 bike', ['I have 2 boxes'])).toBeNull()
    expect(show('0199', ['416 555'], true)).toBeNull()
  })
})
