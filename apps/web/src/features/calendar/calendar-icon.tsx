import type { ReactNode } from 'react'

/**
 * The server names an icon per usage band (core scheduler/stats.ts USAGE_BAND_ICONS): flame
 * (super common), star (common), leaf (uncommon), snowflake (super rare). Drawn inline so they
 * look the same everywhere (emoji fonts are not on every machine).
 */
const ICONS: Record<string, { color: string; body: ReactNode }> = {
  flame: {
    color: '#f76707',
    body: (
      <path
        d="M12 2c1 3.5 5 5.5 5 10.5A5 5 0 0 1 7 12.5c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9Z"
        fill="currentColor"
      />
    ),
  },
  star: {
    color: '#f59f00',
    body: (
      <path
        d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9L12 2.5Z"
        fill="currentColor"
      />
    ),
  },
  leaf: {
    color: '#37b24d',
    body: (
      <>
        <path d="M20 4C10 4 4 9 4 16c0 1.5.4 2.8 1 4 7 0 15-4 15-16Z" fill="currentColor" />
        <path
          d="M5 20c3-5 7-9 12-12"
          stroke="#fff"
          strokeWidth="1.5"
          fill="none"
          strokeLinecap="round"
        />
      </>
    ),
  },
  snowflake: {
    color: '#1c7ed6',
    body: (
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none">
        <path d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7" />
        <path d="m9 4 3 2.5L15 4M9 20l3-2.5 3 2.5" />
      </g>
    ),
  },
}

const FALLBACK = {
  color: '#868e96',
  body: (
    <g stroke="currentColor" strokeWidth="2" fill="none">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </g>
  ),
}

export function CalendarIcon({ name, label }: { name: string; label: string }) {
  const icon = ICONS[name] ?? FALLBACK
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      role="img"
      aria-label={label}
      data-icon={name}
      style={{ color: icon.color, flex: 'none' }}
    >
      {icon.body}
    </svg>
  )
}
