// "Your space": one confirmed booking's door card — the address, how and when to get in as the host wrote
// it, the host's contact, the dates and the move-in check's items — and how old the copy on this device is.
import { Link } from '@tanstack/react-router'
import type { DoorCard } from '@contract/door-card'
import { savedAgo } from '../../../components/ui/offline-age'
import { AccessHours } from '../../../components/ui/access-hours'
import { ACCESS_METHOD_LABELS } from '@contract/storage-constants'
import { stayLabel } from '../format'

export function DoorCardView({ card, savedAt, compact = false }: { card: DoorCard; savedAt: number | null; compact?: boolean }) {
  const { address, access, host } = card
  // On its own page the card's title is the page's heading (axe page-has-heading-one); in a list, a section's.
  const Title = compact ? 'h2' : 'h1'
  return (
    <article className="card p-4 sm:p-5" data-testid="door-card" data-booking={card.bookingId} aria-label={`Your space: ${card.storage.title}`}>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Your space</p>
      <Title className="mt-1 text-lg font-semibold break-words text-stone-900">{card.storage.title}</Title>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <Field label="Dates" testId="door-dates">
          {stayLabel(card)}
        </Field>
        <Field label="Address" testId="door-address">
          {address ? `${address.street}, ${address.city} ${address.state} ${address.postalCode}` : 'Shown once the booking is paid.'}
        </Field>
        <Field label="Access" testId="door-access">
          {access.schedule && <AccessHours schedule={access.schedule} />}
          {accessLabel(access.method)}
          {access.hours && ` · ${access.hours}`}
        </Field>
        <Field label="Host" testId="door-host">
          {`${host.firstName} ${host.lastName}`.trim()}
          {host.email && (
            <>
              {' · '}
              <a href={`mailto:${host.email}`} className="break-all text-brand-700 underline">
                {host.email}
              </a>
            </>
          )}
        </Field>
        {access.houseRules && (
          <Field label="Instructions from the host" testId="door-instructions" wide>
            <span className="whitespace-pre-line">{access.houseRules}</span>
          </Field>
        )}
        {!compact && (
          <Field label="Move-in check items" testId="door-items" wide>
            {card.moveInItems.length === 0 ? (
              'No items listed in the move-in check yet.'
            ) : (
              <ul className="list-disc pl-5">
                {card.moveInItems.map((item, i) => (
                  <li key={i}>
                    {item.name}
                    {item.note && <span className="text-stone-500"> — {item.note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Field>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-stone-500" data-testid="door-saved">
          {savedAt ? `Saved on this device · updated ${savedAgo(savedAt)}` : 'Not saved on this device yet'}
        </p>
        {compact && (
          <Link
            to="/bookings/$bookingId/space"
            params={{ bookingId: card.bookingId }}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
          >
            {card.moveInItems.length > 0
              ? `Open card · ${card.moveInItems.length} move-in ${card.moveInItems.length === 1 ? 'item' : 'items'} →`
              : 'Open card →'}
          </Link>
        )}
      </div>
    </article>
  )
}

const accessLabel = (method: string) => (ACCESS_METHOD_LABELS as Record<string, string>)[method] ?? method.replace(/_/g, ' ')

function Field({ label, testId, wide = false, children }: { label: string; testId: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-semibold text-stone-900">{label}</dt>
      <dd className="mt-0.5 break-words text-stone-700" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
