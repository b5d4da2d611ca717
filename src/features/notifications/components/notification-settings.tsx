// The profile's "Notifications" section: this device on or off, which kinds notify (messages, bookings),
// and the email about unread messages.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { NotificationSettings } from '@contract/push'
import { notificationSettingsQueryOptions, updateNotificationSettings } from '../api/push-calls'
import type { PushDeviceState } from '../lib/push-device'
import { BLOCKED_MESSAGE, usePushDevice } from '../lib/use-push-device'

const DEVICE_TEXT: Record<PushDeviceState | 'loading', string> = {
  loading: 'Checking this device…',
  on: 'Notifications are on for this device.',
  off: 'Get a notification on this device when someone messages you or a booking changes, even when Nookshare is closed.',
  denied: BLOCKED_MESSAGE,
  'ios-home-screen':
    'On iPhone and iPad, notifications work once Nookshare is on your Home Screen: tap Share, then Add to Home Screen, and open it from there.',
  unsupported: "This browser can't show notifications.",
}

function Toggle(props: { label: string; hint: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void; name: string }) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-3">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-stone-900">{props.label}</span>
        <span className="block text-sm text-stone-600">{props.hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        name={props.name}
        className="peer sr-only"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-stone-300 transition peer-checked:bg-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
    </label>
  )
}

export function NotificationSettingsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const options = notificationSettingsQueryOptions(userId)
  const settings = useQuery(options)
  const device = usePushDevice(userId)
  const save = useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey })
      const before = queryClient.getQueryData(options.queryKey)
      if (before) queryClient.setQueryData(options.queryKey, { ...before, ...patch })
      return { before }
    },
    onError: (err, _patch, context) => {
      if (context?.before) queryClient.setQueryData(options.queryKey, context.before)
      toast.error(errorMessage(err, 'Could not save your notification settings. Please try again.'))
    },
    onSuccess: (data) => queryClient.setQueryData(options.queryKey, data),
  })
  const value = settings.data
  const set = (patch: Partial<NotificationSettings>) => save.mutate(patch)

  return (
    <section className="card space-y-4 p-5" aria-labelledby="notifications-heading" data-testid="notification-settings">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <div className="flex flex-col gap-3 rounded-xl bg-stone-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-900">This device</p>
          <p className="text-sm text-stone-600" data-testid="push-device-state">
            {DEVICE_TEXT[device.state]}
          </p>
        </div>
        {device.state === 'off' && (
          <button type="button" className="btn-primary shrink-0" disabled={device.busy} onClick={() => void device.enable()}>
            {device.busy ? 'Turning on…' : 'Turn on notifications'}
          </button>
        )}
        {device.state === 'on' && (
          <button type="button" className="btn-secondary shrink-0" disabled={device.busy} onClick={() => void device.disable()}>
            Turn off
          </button>
        )}
      </div>
      {settings.isError ? (
        <p className="text-sm text-red-700">
          Could not load your notification settings.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <div className="divide-y divide-stone-200">
          <Toggle
            name="messages"
            label="Messages"
            hint="When someone sends you a message."
            checked={value?.messages ?? true}
            disabled={!value}
            onChange={(messages) => set({ messages })}
          />
          <Toggle
            name="bookings"
            label="Bookings"
            hint="Booking requests, acceptances and payments."
            checked={value?.bookings ?? true}
            disabled={!value}
            onChange={(bookings) => set({ bookings })}
          />
          <Toggle
            name="emailFallback"
            label="Email about unread messages"
            hint="When a message waits unread for 15 minutes and no notification reached you. At most one email an hour."
            checked={value?.emailFallback ?? true}
            disabled={!value}
            onChange={(emailFallback) => set({ emailFallback })}
          />
        </div>
      )}
    </section>
  )
}
