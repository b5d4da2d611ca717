import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getToasts, dismissToast } from '../../../lib/toast'
import { LeadForm } from './lead-form'

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }))

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
