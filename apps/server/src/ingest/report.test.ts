import { describe, expect, it } from 'vitest';
import type { DatasetReport, IngestReport } from './index.ts';
import { progressLine, summaryTable } from './report.ts';

const dataset = (extra: Partial<DatasetReport>): DatasetReport => ({
  dataset: 'assets',
  runId: 1,
  status: 'succeeded',
  records: 0,
  added: 0,
  changed: 0,
  skipped: 0,
  errors: 0,
  batches: 1,
  failedBatches: 0,
  ms: 0,
  message: null,
  ...extra,
});

describe(summaryTable.name, () => {
  const report: IngestReport = {
    provider: 'demo',
    datasets: [
      dataset({ dataset: 'assets', records: 741, added: 741, ms: 520 }),
      dataset({
        dataset: 'dailyBars',
        status: 'partial',
        records: 12_000,
        added: 10_000,
        changed: 500,
        skipped: 1000,
        errors: 500,
        ms: 12_345,
        message: 'batch 3 failed: boom',
      }),
    ],
    confirmedFromFilings: 3,
    aborted: false,
    ms: 13_000,
  };
  const lines = summaryTable(report).split('\n');

  it('has a row per dataset with right-aligned figures and a total', () => {
    expect(lines[0]).toMatch(/^dataset\s+status\s+records\s+added\s+changed\s+skipped\s+errors\s+time$/);
    expect(lines[2]).toMatch(/^assets\s+succeeded\s+741\s+741\s+0\s+0\s+0\s+0\.52 s$/);
    expect(lines[3]).toMatch(/^dailyBars\s+partial\s+12,000\s+10,000\s+500\s+1,000\s+500\s+12\.3 s$/);
    expect(lines[5]).toMatch(/^total\s+12,741\s+10,741\s+500\s+1,000\s+500\s+13\.0 s$/);
    // Columns line up: every row is as wide as the header.
    expect(new Set(lines.slice(0, 6).map((line) => line.length)).size).toBe(1);
  });

  it('ends with the throughput, the 8-K confirmations and what went wrong', () => {
    expect(lines).toContain('demo: 12,241 rows in 13.0 s (942 rows/s)');
    expect(lines).toContain('3 earnings dates confirmed from 8-K Item 2.02 filings');
    expect(lines).toContain('dailyBars: batch 3 failed: boom');
  });
});

describe(progressLine.name, () => {
  it('fills the bar with the datasets done and counts the current one', () => {
    const counts = { added: 1200, changed: 3, skipped: 40, errors: 0 };
    const line = progressLine({
      dataset: 'quotes',
      index: 1,
      total: 4,
      phase: 'batch',
      records: 1243,
      batches: 2,
      counts,
    });
    expect(line).toBe(`${'█'.repeat(6)}${'░'.repeat(18)} 1/4 quotes         1,243 records (+1,200 ~3 =40)`);
    const done = progressLine({
      dataset: 'quotes',
      index: 1,
      total: 4,
      phase: 'done',
      records: 1243,
      batches: 2,
      counts: { ...counts, errors: 2 },
    });
    expect(done).toMatch(/^█{12}░{12} 2\/4 quotes .* !2\)$/);
  });
});
