// The Google button shows only when the server is configured, and a credential from Google becomes our
// session with the ID token kept under id_token.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

const loginWithGoogle = vi.fn(async (idToken: string) => {
  localStorage.setItem('id_token', idToken)
  return {}
})
const navigate = vi.fn()
let clientId: string | null = null
vi.mock('../api/auth-calls', () => ({ googleConfig: async () => ({ clientId }) }))
vi.mock('../auth-context', () => ({ useAuth: () => ({ loginWithGoogle }), takePostAuthDestination: (f?: string) => f ?? '/' }))
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }))

const { GoogleSignIn } = await import('./google-sign-in')
const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GoogleSignIn fallback="/messages" />
    </QueryClientProvider>,
  )

afterEach(() => {
  delete window.google
  localStorage.clear()
})

describe('GoogleSignIn', () => {
  it('renders nothing without GOOGLE_CLIENT_ID', async () => {
    clientId = null
    const { container } = mount()
    await new Promise((r) => setTimeout(r, 20))
    expect(container.innerHTML).toBe('')
  })

  it('renders Google’s button when configured and signs in with the credential it returns', async () => {
    clientId = 'abc.apps.googleusercontent.com'
    let callback: ((r: { credential: string }) => void) | undefined
    const renderButton = vi.fn((el: HTMLElement) => el.append(Object.assign(document.createElement('button'), { textContent: 'Sign in with Google' })))
    window.google = { accounts: { id: { initialize: (o) => (callback = o.callback), renderButton } } }
    mount()
    await screen.findByRole('button', { name: 'Sign in with Google' })
    callback!({ credential: 'header.payload.signature' })
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/messages', replace: true }))
    expect(loginWithGoogle).toHaveBeenCalledWith('header.payload.signature', undefined)
    expect(localStorage.getItem('id_token')).toBe('header.payload.signature')
  })
})
