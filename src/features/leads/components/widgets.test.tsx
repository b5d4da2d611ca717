import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_FAQ, DEFAULT_FAQ_SUBTITLE, DEFAULT_FAQ_TITLE } from '../content/default-faq'
import { HOST_FAQ, HOST_STEPS, HOST_TESTIMONIALS } from '../content/host-content'
import { STOREE_FAQ, STOREE_STEPS, STOREE_TESTIMONIALS } from '../content/storee-content'
import { Estimator } from './estimator'
import { FaqBlock } from './faq-block'
import { SavingsCalculator } from './savings-calculator'
import { StepsCarousel } from './steps-carousel'

afterEach(cleanup)

describe('content counts (spec 9)', () => {
  it('has 3 steps, 3 testimonials, 8 host and 8 renter questions, 7 default questions', () => {
    expect(HOST_STEPS.map((s) => s.title)).toEqual(['List Your Space', 'Accept Bookings', 'Get Paid'])
    expect(STOREE_STEPS.map((s) => s.title)).toEqual(['Find Storage', 'Book Securely', 'Move In'])
    expect(HOST_TESTIMONIALS).toHaveLength(3)
    expect(STOREE_TESTIMONIALS).toHaveLength(3)
    expect(HOST_FAQ).toHaveLength(8)
    expect(STOREE_FAQ).toHaveLength(8)
    expect(DEFAULT_FAQ).toHaveLength(7)
  })
})

describe('Estimator', () => {
  it('shows the monthly income only when width and length are both above 0', () => {
    render(<Estimator />)
    expect(screen.queryByTestId('estimate')).toBeNull()
    fireEvent.change(screen.getByLabelText('Width (ft)'), { target: { value: '10' } })
    expect(screen.queryByTestId('estimate')).toBeNull()
    fireEvent.change(screen.getByLabelText('Length (ft)'), { target: { value: '20' } })
    expect(screen.getByTestId('estimate').textContent).toBe('$150/month')
    // The result only: the formula is not printed anywhere in the estimator.
    expect(document.body.textContent).not.toMatch(/×|\bx \$?5\b|\+ length/i)
    fireEvent.change(screen.getByLabelText('Length (ft)'), { target: { value: '0' } })
    expect(screen.queryByTestId('estimate')).toBeNull()
  })
})

describe('SavingsCalculator', () => {
  it('prompts under 0.1 months, then shows both prices and the months', () => {
    render(<SavingsCalculator />)
    expect(screen.getByText('Move the slider to see your estimate')).toBeTruthy()
    const slider = screen.getByLabelText('How long do you need storage?') as HTMLInputElement
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '48', '0.1'])
    fireEvent.change(slider, { target: { value: '1' } })
    expect(screen.getByTestId('months').textContent).toBe('For 1 month:')
    expect(screen.getByText('$200', { selector: 'dd' })).toBeTruthy()
    expect(screen.getByText('$110', { selector: 'dd' })).toBeTruthy() // the rent and the 10% service fee
    expect(screen.getByText('$90', { selector: 'dd' })).toBeTruthy() // the saving
    expect(screen.getByText(/about \$110\/month on\s+Nookshare \(\$100 rent \+ 10% service fee\)/)).toBeTruthy()
    fireEvent.change(slider, { target: { value: '6' } })
    expect(screen.getByTestId('months').textContent).toBe('For 6 months:')
    expect(screen.getByTestId('savings').textContent).toBe('$540')
    fireEvent.change(slider, { target: { value: '0' } })
    expect(screen.getByText('Move the slider to see your estimate')).toBeTruthy()
  })
})

describe('StepsCarousel', () => {
  const steps = HOST_STEPS.map((s) => ({ ...s, icon: null }))
  const current = () => screen.getByRole('region', { name: 'How it works' }).querySelector('[aria-hidden="false"]')?.getAttribute('aria-label')

  it('moves with previous/next buttons and wraps both ways', () => {
    render(<StepsCarousel steps={steps} label="How it works" />)
    expect(current()).toBe('1 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }))
    expect(current()).toBe('3 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }))
    expect(current()).toBe('1 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Go to step 2' }))
    expect(current()).toBe('2 of 3')
    expect(screen.getByRole('button', { name: 'Go to step 2' }).getAttribute('aria-current')).toBe('step')
  })

  it('moves on a horizontal swipe', () => {
    render(<StepsCarousel steps={steps} label="How it works" />)
    const viewport = screen.getByTestId('carousel-viewport')
    fireEvent.pointerDown(viewport, { clientX: 300, clientY: 100 })
    fireEvent.pointerUp(viewport, { clientX: 150, clientY: 110 })
    expect(current()).toBe('2 of 3')
    fireEvent.pointerDown(viewport, { clientX: 100, clientY: 100 })
    fireEvent.pointerUp(viewport, { clientX: 300, clientY: 100 })
    fireEvent.pointerDown(viewport, { clientX: 100, clientY: 100 })
    fireEvent.pointerUp(viewport, { clientX: 300, clientY: 100 })
    expect(current()).toBe('3 of 3')
  })
})

describe('FaqBlock', () => {
  it('has a title, a subtitle and 7 collapsible default questions', () => {
    render(<FaqBlock id="faq" />)
    const block = screen.getByRole('region', { name: DEFAULT_FAQ_TITLE })
    expect(within(block).getByText(DEFAULT_FAQ_SUBTITLE)).toBeTruthy()
    const items = block.querySelectorAll('details')
    expect(items).toHaveLength(7)
    expect([...items].every((d) => !d.open)).toBe(true)
    fireEvent.click(within(block).getByText(DEFAULT_FAQ[0]!.question))
    expect(items[0]!.open).toBe(true)
    expect(items[1]!.open).toBe(false)
  })
})
