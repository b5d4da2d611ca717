// /profile: the signed-in user's account, notification settings, blocks, password, data and deletion.
import { createFileRoute, Link } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { EmailVerificationNotice } from '../../features/auth/components/email-verification-notice'
import { PasswordForm } from '../../features/auth/components/password-form'
import { ProfileForm } from '../../features/auth/components/profile-form'
import { NotificationSettingsSection } from '../../features/notifications/components/notification-settings'
import { PayoutSetupBanner } from '../../features/payments/components/payout-setup-banner'
import { useSignOut } from '../../features/auth/use-sign-out'
import { BlockedList } from '../../features/safety/components/blocked-list'
import { notificationSettingsQueryOptions } from '../../features/notifications/api/push-calls'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'
import { VerificationsPanel } from '../../features/trust/components/verifications-panel'
import { dateFormat } from '@contract/intl'
import { YourDataSection } from '../../features/account/components/your-data-section'
import { DeleteAccountSection } from '../../features/account/components/delete-account-section'

export const Route = createFileRoute('/_authed/profile')({
  head: () => titleHead('Your profile'),
  // The form is the user, already here; the notification settings are a section the page does without
  // (optional: it shows its own Retry), online only (not saved on the device).
  loader: ({ context: { queryClient, userId } }) =>
    navigator.onLine ? loadQuery(queryClient, notificationSettingsQueryOptions(userId), { optional: true }).then(() => undefined) : undefined,
  errorComponent: RouteError,
  component: ProfilePage,
})

function ProfilePage() {
  const user = useSignedInUser()
  const signOut = useSignOut()
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Your profile</h1>
          <p className="text-sm text-stone-600">Member since {dateFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(user.createdAt))}</p>
        </div>
        <button className="btn-secondary" onClick={() => void signOut()}>
          Log out
        </button>
      </div>
      <EmailVerificationNotice user={user} />
      {user.isHost && <PayoutSetupBanner isHost />}
      <Link to="/referrals" className="card flex items-center justify-between gap-4 p-4 transition hover:shadow-md" data-testid="profile-referrals">
        <span>
          <span className="block font-semibold text-stone-900">Invite friends</span>
          <span className="block text-sm text-stone-600">Your referral link, and the rewards you've earned.</span>
        </span>
        <span aria-hidden className="text-xl text-brand-700">
          →
        </span>
      </Link>
      <VerificationsPanel userId={user.id} />
      <ProfileForm key={user.id} user={user} />
      <NotificationSettingsSection userId={user.id} />
      <BlockedList userId={user.id} />
      <PasswordForm />
      <YourDataSection />
      <DeleteAccountSection userId={user.id} />
    </div>
  )
}
