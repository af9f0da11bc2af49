// The app's few line icons, drawn inline (the project has no icon package). All are decorative and hidden
// from assistive technology: the buttons and links around them carry the names.
const svgProps = { viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function PlusIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path d="M8 3v10M3 8h10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function DotsIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <circle cx="3" cy="8" r="1.5" fill="currentColor" />
      <circle cx="8" cy="8" r="1.5" fill="currentColor" />
      <circle cx="13" cy="8" r="1.5" fill="currentColor" />
    </svg>
  );
}

export function GripIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      {[4, 8, 12].map((y) => (
        <g key={y} fill="currentColor">
          <circle cx="6" cy={y} r="1.2" />
          <circle cx="10" cy={y} r="1.2" />
        </g>
      ))}
    </svg>
  );
}

export function ArrowIcon({ direction, size = 14 }: { direction: 'up' | 'down'; size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d={direction === 'down' ? 'M8 3v10M4 9l4 4 4-4' : 'M8 13V3M4 7l4-4 4 4'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const STAR_PATH = 'M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z';

/** One star filled to `fill` (0..1) from the left. */
export function StarIcon({ fill, size = 14, clipId }: { fill: number; size?: number; clipId: string }) {
  const width = Math.max(0, Math.min(1, fill)) * 16;
  return (
    <svg width={size} height={size} {...svgProps}>
      <defs>
        <clipPath id={clipId}>
          <rect x="0" y="0" width={width} height="16" />
        </clipPath>
      </defs>
      <path d={STAR_PATH} fill="var(--mantine-color-gray-3)" />
      <path d={STAR_PATH} fill="var(--mantine-color-yellow-5)" clipPath={`url(#${clipId})`} />
    </svg>
  );
}

export function PauseIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M5.5 3.5v9M10.5 3.5v9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function PencilIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M10.5 2.5l3 3-7.5 7.5H3v-3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FlameIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M8 1.5c.4 2.2 3.8 4 3.8 7.6A3.8 3.8 0 0 1 8 12.9a3.8 3.8 0 0 1-3.8-3.8c0-1.6.8-2.6 1.6-3.4 0 1.2.6 2 1.4 2.3C7 6 7.2 3.6 8 1.5z"
        fill="currentColor"
      />
    </svg>
  );
}

export function BackArrowIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M13 8H3m4-4L3 8l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M4 11.5V7a4 4 0 0 1 8 0v4.5l1.2 1.3H2.8zM6.5 14a1.6 1.6 0 0 0 3 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function BarcodeIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} {...svgProps}>
      <path
        d="M2 3.5v9M4.5 3.5v9M6.5 3.5v9M9 3.5v9M11 3.5v9M13.5 3.5v9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
      />
      <path d="M4.5 3.5v9M9 3.5v9" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
