// The signed-in user for the pages under the _authed layout, which renders them only once it is known.
import { createContext, useContext } from 'react'
import type { User } from '@contract/user'

export const SignedInUserContext = createContext<User | null>(null)

export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext)
  if (!user) throw new Error('useSignedInUser must be used under the _authed layout')
  return user
}
