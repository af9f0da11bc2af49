/** The Shelfwise mark: three books on a shelf. Decorative; the product name always sits beside it. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4" y="6" width="6" height="20" rx="1.5" fill="var(--mantine-color-teal-7)" />
      <rect x="12" y="9" width="6" height="17" rx="1.5" fill="var(--mantine-color-teal-5)" />
      <rect
        x="19.5"
        y="7"
        width="6"
        height="19"
        rx="1.5"
        fill="var(--mantine-color-teal-3)"
        transform="rotate(12 22.5 16.5)"
      />
      <rect x="2" y="26" width="28" height="2.5" rx="1.25" fill="var(--mantine-color-gray-6)" />
    </svg>
  );
}
