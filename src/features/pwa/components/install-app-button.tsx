// "Install app" in the account menu and the mobile sheet: the browser's install dialog where it offers
// one, the add-to-home-screen instructions on iOS Safari, nothing when already installed.
import { promptInstall } from '../../../lib/install-prompt'
import { toast } from '../../../lib/toast'
import { openIosSheet, useInstallOption } from '../use-install-option'

export function InstallAppButton({ className, role, onDone }: { className: string; role?: 'menuitem'; onDone?: () => void }) {
  const option = useInstallOption()
  if (!option) return null
  const onClick = async () => {
    onDone?.()
    if (option === 'ios') return openIosSheet()
    const outcome = await promptInstall()
    if (outcome === 'accepted') toast.success('Nookshare is on your home screen.')
  }
  return (
    <button type="button" role={role} className={className} onClick={() => void onClick()}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="shrink-0"
      >
        <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
      </svg>
      Install app
    </button>
  )
}
