import { describe, expect, it } from 'vitest';
import { initialsOf, logoUrl } from './symbol-logo.tsx';

describe(logoUrl.name, () => {
  it('is the symbol as .webp under the configured base, and nothing without one', () => {
    expect(logoUrl('brk.b', 'https://logos.example')).toBe('https://logos.example/BRK.B.webp');
    expect(logoUrl('AAPL', '')).toBeNull();
  });
});

describe(initialsOf.name, () => {
  it('keeps up to three letters of short symbols and two of long ones', () => {
    expect(initialsOf('aapl')).toBe('AAP');
    expect(initialsOf('BRK.B')).toBe('BRK');
    expect(initialsOf('GOOGL')).toBe('GO');
    expect(initialsOf('^GSPC')).toBe('GSP');
    expect(initialsOf('F')).toBe('F');
  });
});
