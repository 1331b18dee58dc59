import { useId } from 'react';

export interface LogoProps {
  size?: number;
  /** Accessible name; omit when a text label sits beside the logo (the mark is then decorative). */
  title?: string;
}

function Mark() {
  return (
    <>
      <rect width="32" height="32" rx="8" fill="#1b7f4b" />
      <path
        d="M7 22.5 13 16l4 4 8-9"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="11" r="2.2" fill="#b9f6ca" />
    </>
  );
}

const STYLE = { flexShrink: 0, display: 'block' } as const;

/** The product mark: a rising line on a green tile (same drawing as public/logo.svg). */
export function Logo({ size = 32, title }: LogoProps) {
  const titleId = useId();
  if (!title) {
    return (
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={STYLE}>
        <Mark />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-labelledby={titleId} style={STYLE}>
      <title id={titleId}>{title}</title>
      <Mark />
    </svg>
  );
}
