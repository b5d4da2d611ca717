import { describe, expect, it } from 'vitest'
import { ONBOARDING_STEPS, progressAfter, stepKeyOf } from './onboarding-steps'

describe('the step header table (spec 2)', () => {
  it.each([
    ['initial', 'Getting Started', 0],
    ['business_details', 'Business Information', 25],
    ['representative_details', 'Personal Information', 50],
    ['verification_document_collection', 'Document Verification', 75],
    ['verification_payments', 'Payment Setup', 85],
    ['verification_complete', 'Almost Done', 95],
    ['complete', 'Setup Complete', 100],
  ] as const)('%s is "%s" at %i%%', (key, title, progress) => {
    expect(ONBOARDING_STEPS[key]).toMatchObject({ title, progress })
    expect(ONBOARDING_STEPS[key].description.length).toBeGreaterThan(10)
    expect(stepKeyOf(key)).toBe(key)
  })

  it('has exactly the seven steps of the spec', () => {
    expect(Object.keys(ONBOARDING_STEPS)).toHaveLength(7)
  })
})

describe('step name mapping (spec 2)', () => {
  it.each([
    ['individual', 'representative_details'],
    ['individual.personal_details', 'representative_details'],
    ['verification', 'verification_document_collection'],
    ['verification.document', 'verification_document_collection'],
    ['identity_verification', 'verification_document_collection'],
    ['company', 'business_details'],
    ['external_account', 'verification_payments'],
    ['payments', 'verification_payments'],
    ['complete', 'complete'],
    ['summary', 'initial'],
    ['', 'initial'],
  ])('%s → %s', (step, key) => {
    expect(stepKeyOf(step)).toBe(key)
  })
})

describe('progress (spec 4)', () => {
  it('a verification step means in progress, complete means complete, others keep it', () => {
    expect(progressAfter('verification.document', 'not_started')).toBe('in_progress')
    expect(progressAfter('complete', 'in_progress')).toBe('complete')
    expect(progressAfter('company', 'not_started')).toBe('not_started')
    expect(progressAfter('company', 'in_progress')).toBe('in_progress')
  })
})
