// The developer message test form (spec: Message test interface): a user email or id and a text; an
// input containing @ is looked up as an email first, then the history is checked and the message sent.
import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import { getMessages, sendMessageJson } from '../api/messages'
import { findUserIdByEmail } from '../api/users'

export function MessageTestForm() {
  const [target, setTarget] = useState('')
  const [content, setContent] = useState('')
  const [error, setError] = useState('')
  const [result, setResult] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError('')
    setResult('')
    setBusy(true)
    try {
      const value = target.trim()
      const userId = value.includes('@') ? await findUserIdByEmail(value) : value
      const history = await getMessages(userId).catch(() => null)
      const sent = await sendMessageJson(userId, content)
      setResult(
        `Message sent to ${userId} (id ${sent._id}). History before sending: ${history ? `${history.messages.length}${history.hasOlder ? '+' : ''}` : 'none'} message(s).`,
      )
      setContent('')
    } catch (err) {
      const body = err instanceof ApiError ? (err.data as { error?: unknown } | undefined) : undefined
      setError(typeof body?.error === 'string' ? body.error : err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-5">
      <div>
        <label className="label" htmlFor="mt-target">
          User email or ID
        </label>
        <input id="mt-target" className="input" value={target} onChange={(e) => setTarget(e.target.value)} required autoComplete="off" />
      </div>
      <div>
        <label className="label" htmlFor="mt-content">
          Message
        </label>
        <textarea id="mt-content" className="input min-h-24" value={content} onChange={(e) => setContent(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {result && (
        <p role="status" className="text-sm text-emerald-700">
          {result}
        </p>
      )}
      <button className="btn-primary" disabled={busy || !target.trim()}>
        {busy ? 'Sending…' : 'Send test message'}
      </button>
    </form>
  )
}
