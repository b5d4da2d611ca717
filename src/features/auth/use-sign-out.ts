// "Log out" from any page: the session ends (even offline), the user lands on the home page, and a toast
// says so — never a page left waiting for a user who is gone.
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { toast } from '../../lib/toast'
import { useAuth } from './auth-context'

export const SIGNED_OUT_TEXT = "You're signed out"

export function useSignOut() {
  const { logout } = useAuth()
  const navigate = useNavigate()
  return useCallback(async () => {
    // The session ends first, whatever happens next (offline, the next page's code may not load).
    await logout()
    toast.success(SIGNED_OUT_TEXT)
    await navigate({ to: '/' })
  }, [logout, navigate])
}
