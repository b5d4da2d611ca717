// A control that needs a signed-in person (the heart, Save search). Tapped by a visitor, it goes to
// /login and back to this page. Tapped while a session is on the device but its user is not known yet (a
// prerendered page picks the session up after hydrating; the profile is on its way), the tap is kept and
// carried out once the user arrives: `waiting` says so meanwhile, a second tap drops it, and if the server
// ends the session instead, the login page opens.
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { User } from '@contract/user'
import { hasStoredSession, useAuth } from './auth-context'

export function useSignedInAction(action: (user: User) => void) {
  const { user, isLoading } = useAuth()
  const navigate = useNavigate()
  const href = useRouterState({ select: (s) => s.location.href })
  const [waiting, setWaiting] = useState(false)
  const toLogin = useCallback(() => void navigate({ to: '/login', search: { redirect: href } }), [navigate, href])
  // The action as of the latest render, for a tap carried out later.
  const latest = useRef(action)
  useEffect(() => {
    latest.current = action
  })
  useEffect(() => {
    if (!waiting) return
    if (user) {
      setWaiting(false)
      latest.current(user)
    } else if (!isLoading && !hasStoredSession()) {
      setWaiting(false)
      toLogin()
    }
  }, [waiting, user, isLoading, toLogin])
  const run = () => {
    if (user) action(user)
    else if (waiting) setWaiting(false)
    else if (hasStoredSession()) setWaiting(true)
    else toLogin()
  }
  return { run, waiting: waiting && !user }
}
