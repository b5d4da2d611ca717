// A listing's access hours as renters read them: "Mon–Fri 7:00–22:00 · Sat–Sun 9:00–18:00 (Toronto
// time)", whether it is open now, and the coming exceptions (the listing page and the booking page).
import { formatExceptions, formatSchedule, isOpenAt, zonedParts, type AccessSchedule } from '@contract/access-hours'

export function AccessHours({ schedule, className = '' }: { schedule: AccessSchedule; className?: string }) {
  const now = new Date()
  const today = zonedParts(now, schedule.timeZone, schedule.clock).date
  const exceptions = formatExceptions(schedule, today).slice(0, 3)
  const openNow = schedule.weekly.length > 0 && isOpenAt(schedule, now)
  return (
    <div className={className} data-testid="access-hours">
      <p className="text-sm font-medium text-stone-800">
        {formatSchedule(schedule)}
        {schedule.weekly.length > 0 && (
          <span
            className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${openNow ? 'bg-brand-100 text-brand-800' : 'bg-stone-200 text-stone-700'}`}
          >
            {openNow ? 'Open now' : 'Closed now'}
          </span>
        )}
      </p>
      {exceptions.length > 0 && (
        <ul className="mt-1 text-xs text-stone-600">
          {exceptions.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
