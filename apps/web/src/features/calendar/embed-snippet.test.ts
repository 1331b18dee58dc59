import { describe, expect, it } from 'vitest';
import { clampHeight, embedSnippet, embedUrl } from './embed-snippet.ts';

describe(embedUrl.name, () => {
  it('names only what differs from the defaults (week view, the host page’s own theme)', () => {
    expect(embedUrl({ origin: 'https://eh.example/', view: 'week', theme: 'auto' })).toBe(
      'https://eh.example/embed/calendar',
    );
    expect(embedUrl({ origin: 'https://eh.example', view: 'list', theme: 'dark' })).toBe(
      'https://eh.example/embed/calendar?view=list&theme=dark',
    );
  });
});

describe(embedSnippet.name, () => {
  it('is a lazy, titled, full-width iframe with a bounded height', () => {
    expect(
      embedSnippet({ origin: 'https://eh.example', view: 'month', theme: 'light', height: 640 }, 'EarningsHub'),
    ).toBe(
      '<iframe src="https://eh.example/embed/calendar?view=month&amp;theme=light" title="Earnings calendar by EarningsHub" width="100%" height="640" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
  });
  it('escapes what would break the attribute and clamps the height', () => {
    expect(
      embedSnippet({ origin: 'https://eh.example', view: 'week', theme: 'auto', height: 5 }, 'A "B" <C>'),
    ).toContain('title="Earnings calendar by A &quot;B&quot; &lt;C>" width="100%" height="400"');
    expect(clampHeight(99999)).toBe(2000);
    expect(clampHeight(Number.NaN)).toBe(800);
  });
});
