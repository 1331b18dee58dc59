import { describe, expect, it } from 'vitest';
import { historyNoticeText } from './history-notice.tsx';
import type { MarketHistoryStatus } from './market-history-api.ts';

const status = (
  state: MarketHistoryStatus['state'],
  extra: Partial<MarketHistoryStatus> = {},
): MarketHistoryStatus => ({
  state,
  percent: 42,
  stepsDone: 5,
  stepsTotal: 13,
  current: 'news',
  message: null,
  ...extra,
});

describe(historyNoticeText.name, () => {
  it('says the history is loading, with the server’s figure', () => {
    expect(historyNoticeText(status('filling'), true)).toContain('still loading (42%)');
  });
  it('says when it stopped, and why', () => {
    expect(historyNoticeText(status('failed', { message: 'disk full' }), false)).toContain(
      'stopped loading at 42% (disk full)',
    );
  });
  it('says it is in only to a reader who saw it filling', () => {
    expect(historyNoticeText(status('done', { percent: 100 }), true)).toContain('reload');
    expect(historyNoticeText(status('done', { percent: 100 }), false)).toBeNull();
    expect(historyNoticeText(status('none', { percent: 0 }), false)).toBeNull();
  });
});
