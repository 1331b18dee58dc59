import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe(initialsOf.name, () => {
  it('takes the first and last words of the name', () => {
    expect(initialsOf('Ada Byron Lovelace', 'x@example.com')).toBe('AL');
    expect(initialsOf('  émile  ', null)).toBe('É');
  });

  it('falls back to the email’s local part, split on dots and dashes', () => {
    expect(initialsOf(null, 'free@demo.earningshub.dev')).toBe('F');
    expect(initialsOf('', 'ada.lovelace@example.com')).toBe('AL');
  });

  it('says "?" when there is nothing to go on', () => {
    expect(initialsOf(null, null)).toBe('?');
    expect(initialsOf('...', '')).toBe('?');
  });
});
