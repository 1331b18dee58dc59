import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { initialsBackground, initialsOf, logoUrl } from './symbol-logo.tsx';

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

describe(initialsBackground.name, () => {
  it('keeps the white initials above 4.5:1 on every badge colour', () => {
    const symbols = Array.from({ length: 200 }, (_, index) => `S${index.toString(36).toUpperCase()}`);
    const colours = new Set(symbols.map(initialsBackground));
    expect(colours.size).toBe(10);
    for (const colour of colours) expect(getContrastRatio('#fff', colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});
