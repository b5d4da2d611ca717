// The access step's weekly hours: presets (24/7, every day 7–22, weekdays 9–5, by appointment) or custom
// windows (day chips and two times each), and dated exceptions (closed, or other hours). Thumb-sized on a
// phone; the line under it is what renters will read.
import { formatSchedule, SCHEDULE_PRESETS, WEEKDAY_LABEL, WEEKDAYS, zoneForProvince, type ScheduleException, type WeeklyWindow } from '@contract/access-hours'
import type { EditorSchedule } from './editor-values'

type Preset = 'none' | keyof typeof SCHEDULE_PRESETS | 'appointment' | 'custom'
const PRESETS: { key: Preset; label: string }[] = [
  { key: 'none', label: 'Not set' },
  { key: '24/7', label: '24/7' },
  { key: 'daily', label: 'Every day 7:00–22:00' },
  { key: 'weekdays', label: 'Weekdays 9–5' },
  { key: 'appointment', label: 'By appointment' },
  { key: 'custom', label: 'Custom' },
]
/** Where "Custom" starts: a week no preset matches, for the host to change. */
const CUSTOM_START: WeeklyWindow[] = [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '08:00', close: '20:00' },
  { days: ['sat', 'sun'], open: '09:00', close: '17:00' },
]
const same = (a: WeeklyWindow[], b: WeeklyWindow[]) => JSON.stringify(a) === JSON.stringify(b)

function presetOf(s: EditorSchedule | null): Preset {
  if (!s) return 'none'
  if (s.weekly.length === 0) return 'appointment'
  for (const key of ['24/7', 'daily', 'weekdays'] as const) if (same(s.weekly, SCHEDULE_PRESETS[key])) return key
  return 'custom'
}

// An <input type="time"> cannot say 24:00: a closing time of 00:00 means midnight.
const shownClose = (close: string) => (close === '24:00' ? '00:00' : close)
const storedClose = (value: string) => (value === '00:00' ? '24:00' : value)

export function AccessScheduleEditor({
  value,
  province,
  error,
  onChange,
}: {
  value: EditorSchedule | null
  province: string
  error?: string
  onChange: (next: EditorSchedule | null) => void
}) {
  const preset = presetOf(value)
  const schedule = value ?? { weekly: [], exceptions: [] }
  const pick = (key: Preset) => {
    if (key === 'none') return onChange(null)
    if (key === 'appointment') return onChange({ ...schedule, weekly: [] })
    if (key === 'custom') return onChange({ ...schedule, weekly: preset === 'custom' ? schedule.weekly : CUSTOM_START })
    onChange({ ...schedule, weekly: SCHEDULE_PRESETS[key].map((w) => ({ ...w, days: [...w.days] })) })
  }
  const setWindow = (i: number, patch: Partial<WeeklyWindow>) =>
    onChange({ ...schedule, weekly: schedule.weekly.map((w, j) => (j === i ? { ...w, ...patch } : w)) })
  const setException = (i: number, next: ScheduleException) => onChange({ ...schedule, exceptions: schedule.exceptions.map((x, j) => (j === i ? next : x)) })
  const timeZone = value?.timeZone ?? zoneForProvince(province)

  return (
    <fieldset data-testid="access-schedule">
      <legend className="label">When renters can get in</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Access hours">
        {PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            role="radio"
            aria-checked={preset === p.key}
            onClick={() => pick(p.key)}
            className={`min-h-10 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset ${preset === p.key ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50'}`}
          >
            {p.label}
          </button>
        ))}
      </div>

      {preset === 'custom' && (
        <ul className="mt-3 space-y-3">
          {schedule.weekly.map((w, i) => (
            <li key={i} className="rounded-xl border border-stone-200 p-3" data-testid="schedule-window">
              <div className="grid grid-cols-7 gap-1" role="group" aria-label={`Days of window ${i + 1}`}>
                {WEEKDAYS.map((d) => {
                  const on = w.days.includes(d)
                  return (
                    <button
                      key={d}
                      type="button"
                      aria-pressed={on}
                      onClick={() => setWindow(i, { days: on ? w.days.filter((x) => x !== d) : WEEKDAYS.filter((x) => x === d || w.days.includes(x)) })}
                      className={`h-10 min-w-0 rounded-lg text-xs font-medium ring-1 ring-inset sm:text-sm ${on ? 'bg-brand-50 text-brand-800 ring-brand-500' : 'bg-white text-stone-500 ring-stone-200'}`}
                    >
                      {WEEKDAY_LABEL[d]}
                    </button>
                  )
                })}
              </div>
              <div className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                <label className="min-w-0 text-xs text-stone-600">
                  Opens
                  <input type="time" className="input mt-1" value={w.open} onChange={(e) => setWindow(i, { open: e.target.value })} />
                </label>
                <label className="min-w-0 text-xs text-stone-600">
                  Closes
                  <input
                    type="time"
                    className="input mt-1"
                    value={shownClose(w.close)}
                    onChange={(e) => setWindow(i, { close: storedClose(e.target.value) })}
                  />
                </label>
                <button
                  type="button"
                  className="grid h-11 w-11 place-items-center rounded-lg text-stone-500 ring-1 ring-stone-300 ring-inset hover:bg-stone-50"
                  onClick={() => onChange({ ...schedule, weekly: schedule.weekly.filter((_, j) => j !== i) })}
                  aria-label={`Remove window ${i + 1}`}
                >
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => onChange({ ...schedule, weekly: [...schedule.weekly, { days: ['sat'], open: '09:00', close: '17:00' }] })}
            >
              Add hours
            </button>
          </li>
        </ul>
      )}

      {value && (
        <div className="mt-4">
          <p className="text-sm font-medium text-stone-800">Exceptions</p>
          <ul className="mt-2 space-y-2">
            {schedule.exceptions.map((x, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2" data-testid="schedule-exception">
                <label className="text-xs text-stone-600">
                  Date
                  <input type="date" className="input mt-1" value={x.date} onChange={(e) => setException(i, { ...x, date: e.target.value })} />
                </label>
                <label className="flex h-11 items-center gap-2 text-sm text-stone-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={x.closed === true}
                    onChange={(e) => setException(i, e.target.checked ? { date: x.date, closed: true } : { date: x.date, open: '09:00', close: '17:00' })}
                  />
                  Closed
                </label>
                {!x.closed && (
                  <>
                    <input
                      type="time"
                      aria-label="Opens"
                      className="input w-28"
                      value={x.open}
                      onChange={(e) => setException(i, { ...x, open: e.target.value })}
                    />
                    <input
                      type="time"
                      aria-label="Closes"
                      className="input w-28"
                      value={shownClose(x.close)}
                      onChange={(e) => setException(i, { ...x, close: storedClose(e.target.value) })}
                    />
                  </>
                )}
                <button
                  type="button"
                  className="h-11 px-2 text-sm text-stone-600 underline"
                  onClick={() => onChange({ ...schedule, exceptions: schedule.exceptions.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-700 underline"
            onClick={() => onChange({ ...schedule, exceptions: [...schedule.exceptions, { date: '', closed: true }] })}
          >
            Add a date (holiday, other hours)
          </button>
        </div>
      )}

      {value && (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700" data-testid="schedule-preview">
          Renters see: <span className="font-medium">{formatSchedule({ ...schedule, timeZone })}</span>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
