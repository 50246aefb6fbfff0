/** The ShetMitra mark: a sprouting leaf over a furrow. Inline so it costs no request. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="var(--green-700)" />
      <path d="M24 36V20" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M24 24c0-7 5-11 12-11 0 7-5 11-12 11Z" fill="var(--leaf)" />
      <path d="M24 28c0-6-4-9-10-9 0 6 4 9 10 9Z" fill="var(--leaf)" />
      <path d="M11 37c8-3 18-3 26 0" stroke="var(--soil)" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
