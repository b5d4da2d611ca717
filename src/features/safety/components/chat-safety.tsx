// Report and block in a chat: the header's "More" menu (report the person, block or unblock them), the
// note that replaces the composer while either side has blocked the other, and reporting a message from
// its long-press. The messages route hands these to the chat as its safety slots.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { SAFETY_TEXT } from '@contract/safety-constants'
import { blockStatusQueryOptions, useSetBlocked } from '../api/blocks'
import { safetyKeys } from '../api/keys'
import { ReportDialog, type ReportSubject } from './report-dialog'

interface Person {
  _id: string
  firstName: string
  lastName: string
}
const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim() || 'this person'

/** The slots for one signed-in user's chats, and the dialogs to render once beside them. */
export function useChatSafety(meId: string) {
  const [subject, setSubject] = useState<ReportSubject | null>(null)
  const queryClient = useQueryClient()
  const onMessageMenu = useCallback(
    (m: { _id: string; content: string; photos: string[] }) =>
      setSubject({ targetType: 'message', targetId: m._id, title: 'Report this message', quote: m.photos.length ? `${m.content} (with photo)` : m.content }),
    [],
  )
  // A refused send may be a block made since the chat opened: ask again (the note then replaces the composer).
  const onSendFailed = useCallback(
    (otherUserId: string) => void queryClient.invalidateQueries({ queryKey: safetyKeys.withUser(meId, otherUserId) }),
    [queryClient, meId],
  )
  return {
    slots: {
      headerActions: (other: Person) => (
        <ChatMoreMenu meId={meId} other={other} onReport={() => setSubject({ targetType: 'user', targetId: other._id, title: `Report ${nameOf(other)}` })} />
      ),
      composerGate: (other: Person, composer: ReactNode) => <BlockGate meId={meId} other={other} composer={composer} />,
      onMessageMenu,
      onSendFailed,
    },
    dialogs: subject ? <ReportDialog subject={subject} onClose={() => setSubject(null)} /> : null,
  }
}

function ChatMoreMenu({ meId, other, onReport }: { meId: string; other: Person; onReport: () => void }) {
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const status = useQuery(blockStatusQueryOptions(meId, other._id))
  const setBlocked = useSetBlocked(meId)
  const menu = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (e: Event) => !menu.current?.contains(e.target as Node) && setOpen(false)
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  const blockedByMe = status.data?.blockedByMe ?? false
  const change = (blocked: boolean) =>
    setBlocked.mutate(
      { otherUserId: other._id, blocked },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(blocked ? `You blocked ${other.firstName || nameOf(other)}` : `You unblocked ${other.firstName || nameOf(other)}`)
        },
        onError: (err) => toast.error(errorMessage(err, 'That did not work. Please try again.')),
      },
    )
  const item = 'block w-full px-4 py-2.5 text-left text-sm hover:bg-stone-100 focus:bg-stone-100 focus:outline-none'
  return (
    <div ref={menu} className="relative">
      <button
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        className="grid h-10 w-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100"
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open && (
        <div role="menu" className="absolute top-11 right-0 z-20 w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg">
          <button
            role="menuitem"
            className={`${item} text-stone-800`}
            onClick={() => {
              setOpen(false)
              onReport()
            }}
          >
            Report {other.firstName || nameOf(other)}
          </button>
          <button
            role="menuitem"
            className={`${item} text-red-700`}
            onClick={() => {
              setOpen(false)
              if (blockedByMe) change(false)
              else setConfirming(true)
            }}
          >
            {blockedByMe ? 'Unblock' : 'Block'} {other.firstName || nameOf(other)}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Block ${nameOf(other)}?`}
          confirmLabel="Block"
          cancelLabel="Cancel"
          danger
          busy={setBlocked.isPending}
          onConfirm={() => change(true)}
          onCancel={() => setConfirming(false)}
        >
          <p>Neither of you will be able to send messages or booking requests to the other.</p>
          <p>This conversation stays here for you to read. {other.firstName || 'They'} won&apos;t be told that you blocked them.</p>
          <p>You can unblock them at any time from this menu or your profile.</p>
        </ConfirmDialog>
      )}
    </div>
  )
}

/** The composer, or while either side has blocked the other a note in its place (the blocked side is not told why). */
function BlockGate({ meId, other, composer }: { meId: string; other: Person; composer: ReactNode }) {
  const status = useQuery(blockStatusQueryOptions(meId, other._id))
  const setBlocked = useSetBlocked(meId)
  if (!status.data || status.data.canMessage) return composer
  return (
    <div
      className="border-t border-stone-200 bg-stone-50 px-4 py-3 text-center text-sm text-stone-700"
      style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}
      data-testid="composer-blocked"
    >
      {status.data.blockedByMe ? (
        <p>
          {SAFETY_TEXT.blockedByMe(other.firstName || nameOf(other))}{' '}
          <button
            className="font-semibold text-brand-700 underline"
            disabled={setBlocked.isPending}
            onClick={() =>
              setBlocked.mutate({ otherUserId: other._id, blocked: false }, { onError: (err) => toast.error(errorMessage(err, 'Could not unblock.')) })
            }
          >
            Unblock
          </button>
        </p>
      ) : (
        <p>{SAFETY_TEXT.cannotReply}</p>
      )}
    </div>
  )
}
