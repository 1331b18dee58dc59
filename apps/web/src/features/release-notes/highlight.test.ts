import { describe, expect, it } from 'vitest';
import { isReleaseNotesHighlighted, newestNoteDate } from './highlight.ts';

describe(isReleaseNotesHighlighted.name, () => {
  it('highlights when no note was ever seen', () => {
    expect(isReleaseNotesHighlighted(null, '2026-11-20')).toBe(true);
  });

  it('highlights when the newest note is not the one last seen', () => {
    expect(isReleaseNotesHighlighted('2026-10-01', '2026-11-20')).toBe(true);
  });

  it('highlights when the dates differ in either direction (notes are compared, not ordered)', () => {
    expect(isReleaseNotesHighlighted('2026-12-01', '2026-11-20')).toBe(true);
  });

  it('does not highlight once the newest note was seen', () => {
    expect(isReleaseNotesHighlighted('2026-11-20', '2026-11-20')).toBe(false);
  });

  it('does not highlight when there are no notes', () => {
    expect(isReleaseNotesHighlighted(null, null)).toBe(false);
    expect(isReleaseNotesHighlighted('2026-11-20', null)).toBe(false);
  });
});

describe(newestNoteDate.name, () => {
  it('finds the newest date whatever the order', () => {
    expect(newestNoteDate([{ date: '2026-09-01' }, { date: '2026-11-20' }, { date: '2026-10-05' }])).toBe('2026-11-20');
  });

  it('is null without notes', () => {
    expect(newestNoteDate([])).toBeNull();
    expect(newestNoteDate(undefined)).toBeNull();
  });
});
