import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getToasts, dismissToast } from '../../../lib/toast'
import { LeadForm } from './lead-form'

const navigate = vi.fn()
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }))

afterEach(() => {
  cleanup()
  for (const t of getToasts()) dismissToast(t.id)
})

describe('LeadForm validation toasts', () => {
  it('asks for name and email, then for a valid email, each as a 4 s error toast', () => {
    const onThanks = vi.fn()
    render(<LeadForm kind="storee" onThanks={onThanks} />)
    expect(screen.getByLabelText('Your Name')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(getToasts().at(-1)).toMatchObject({ kind: 'error', message: 'Please fill out name and email fields', duration: 4000 })
    fireEvent.change(screen.getByLabelText('Your Name'), { target: { value: 'Ann' } })
    fireEvent.change(screen.getByLabelText('Your Email'), { target: { value: 'ann@nowhere' } })
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(getToasts().at(-1)).toMatchObject({ kind: 'error', message: 'Please enter a valid email address', duration: 4000 })
    expect(onThanks).not.toHaveBeenCalled()
  })

  it('prefills from the initial values', () => {
    render(<LeadForm kind="host" initial={{ name: 'Hal', email: 'hal@example.com' }} onThanks={() => {}} />)
    expect((screen.getByLabelText('Your Name') as HTMLInputElement).value).toBe('Hal')
    expect((screen.getByLabelText('Your Email') as HTMLInputElement).value).toBe('hal@example.com')
  })
})

describe('LeadForm submission', () => {
  it("shows 'Submitting...' and disables the button while busy, then goes to /register?from=storee", async () => {
    let finish = () => {}
    navigate.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<LeadForm kind="storee" onThanks={() => {}} />)
    fireEvent.change(screen.getByLabelText('Your Name'), { target: { value: 'Ann Lee' } })
    fireEvent.change(screen.getByLabelText('Your Email'), { target: { value: 'ann@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }))
    const busy = await screen.findByRole('button', { name: 'Submitting...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/register', search: { from: 'storee' } }))
    expect(getToasts().at(-1)).toMatchObject({ kind: 'success', message: 'Redirecting to sign up...', duration: 3000 })
    finish()
    await screen.findByRole('button', { name: 'Get Started' })
  })
})
