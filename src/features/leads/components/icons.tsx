// Small inline SVG icons for the lead pages (no image downloads).
const PATHS = {
  home: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  dollar: 'M12 3v18M16.5 7.5C16 6 14.3 5 12 5c-2.8 0-4.5 1.4-4.5 3.3 0 4.5 9 2.6 9 7.2 0 1.9-1.9 3.5-4.5 3.5-2.5 0-4.3-1.1-4.8-2.8',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  box: 'M3.5 7.5L12 3l8.5 4.5v9L12 21l-8.5-4.5zM3.5 7.5L12 12l8.5-4.5M12 12v9',
  garage: 'M3 10l9-6 9 6v10H3zM7 20v-7h10v7M7 16h10',
  stairs: 'M4 20h4v-4h4v-4h4V8h4M4 4h16v16H4z',
  door: 'M6 3h12v18H6zM14.5 12h.01M6 21h12',
  attic: 'M2 13L12 4l10 9M5 11v9h14v-9M9 15h6',
  shed: 'M3 9l9-5 9 5v11H3zM9 20v-6h6v6M3 9h18',
  bed: 'M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11.5a1.5 1.5 0 1 0 0-.01',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z M8.5 12l2.5 2.5 4.5-5',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  check: 'M5 12.5l4.5 4.5L19 7.5',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  )
}
