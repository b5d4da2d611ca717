// The installed app's icon badge: the unread total, cleared at 0 (where the Badging API exists).
type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

export function syncAppBadge(count: number, nav: BadgeNavigator = navigator as BadgeNavigator) {
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
  // Refused when the app is not installed or the permission is missing: nothing to show then.
  done?.catch(() => {})
}
