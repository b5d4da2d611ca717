// Route guard: pages that need an account send visitors to /login and back afterwards.
import { redirect } from '@tanstack/react-router'
import { LS, readLocal } from '../../lib/storage-keys'

export function requireAuth({ location }: { location: { href: string } }) {
  if (!readLocal(LS.token)) throw redirect({ to: '/login', search: { redirect: location.href } })
}
