/** The app's mark: an original river-and-coin glyph (no third-party logos). */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="brand-mark">
      <circle cx="16" cy="16" r="15" fill="var(--accent)" />
      <path d="M7 19c3-3 6 3 9 0s6 3 9 0" fill="none" stroke="var(--on-accent)" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M7 13c3-3 6 3 9 0s6 3 9 0" fill="none" stroke="var(--on-accent)" strokeWidth="2.4" strokeLinecap="round" opacity=".7" />
    </svg>
  );
}
