import { describe, expect, it, vi } from 'vitest'
import { runExitFlow, type ExitFlowDeps } from './exit-flow'

function deps(status: Partial<Awaited<ReturnType<ExitFlowDeps['readStatus']>>> | Error, email: 'ok' | 'fail' = 'ok') {
  const calls: string[] = []
  const d: ExitFlowDeps = {
    readStatus: async () => {
      if (status instanceof Error) throw status
      return {
        needsOnboarding: false,
        needsVerification: false,
        verificationEmailSent: false,
        ...status,
      }
    },
    sendEmail: async () => {
      calls.push('email')
      if (email === 'fail') throw new Error('smtp down')
    },
    showComplete: () => calls.push('modal'),
    goToStorage: () => calls.push('/storage'),
    reload: () => calls.push('reload'),
    wait: async (ms) => void calls.push(`wait ${ms}`),
  }
  return { d, calls }
}

describe('leaving the embedded onboarding (spec 4)', () => {
  it('fully set up: email, modal, then /storage after 2000 ms', async () => {
    const { d, calls } = deps({})
    expect(await runExitFlow(d)).toBe('complete')
    expect(calls).toEqual(['email', 'modal', 'wait 2000', '/storage'])
  })
  it('a failed email is only logged', async () => {
    const { d, calls } = deps({}, 'fail')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await runExitFlow(d)).toBe('complete')
    expect(calls).toEqual(['email', 'modal', 'wait 2000', '/storage'])
  })
  it.each([{ needsOnboarding: true }, { needsVerification: true }, { verificationEmailSent: true }])('reloads when %o', async (s) => {
    const { d, calls } = deps(s)
    expect(await runExitFlow(d)).toBe('reload')
    expect(calls).toEqual(['reload'])
  })
  it('reloads when the status cannot be read', async () => {
    const { d, calls } = deps(new Error('offline'))
    expect(await runExitFlow(d)).toBe('reload')
    expect(calls).toEqual(['reload'])
  })
})
