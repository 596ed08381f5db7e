/** The Playroom's default picture ('candle', spec §9): a lit candle, drawn inline. */
export function Candle({ size = 120 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size * 1.25}
      viewBox="0 0 96 120"
      role="img"
      aria-label="A lit candle"
      data-image="candle"
    >
      <defs>
        <radialGradient id="che-candle-glow" cx="50%" cy="30%" r="50%">
          <stop offset="0%" stopColor="#ffe9a8" stopOpacity="0.9" />
          <stop offset="100%" stopColor="#ffe9a8" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="che-candle-wax" x1="0" x2="1">
          <stop offset="0%" stopColor="#f4e4c8" />
          <stop offset="55%" stopColor="#fff7e8" />
          <stop offset="100%" stopColor="#e7d2ad" />
        </linearGradient>
      </defs>
      <circle cx="48" cy="30" r="30" fill="url(#che-candle-glow)" />
      <path d="M48 10 C56 22 58 30 48 40 C38 30 40 22 48 10 Z" fill="#f59f00" />
      <path d="M48 20 C52 27 52 32 48 37 C44 32 44 27 48 20 Z" fill="#ffe066" />
      <rect x="47" y="38" width="2" height="8" rx="1" fill="#495057" />
      <rect
        x="34"
        y="45"
        width="28"
        height="56"
        rx="4"
        fill="url(#che-candle-wax)"
        stroke="#d9c39c"
      />
      <path
        d="M34 52 C38 58 41 52 42 60 C43 66 46 58 46 52"
        fill="none"
        stroke="#eadbbd"
        strokeWidth="2"
      />
      <ellipse cx="48" cy="104" rx="30" ry="6" fill="#adb5bd" />
      <ellipse cx="48" cy="102" rx="24" ry="4" fill="#ced4da" />
    </svg>
  )
}
