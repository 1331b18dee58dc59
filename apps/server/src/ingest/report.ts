/** How an ingestion run is shown in a terminal: a progress line and a summary table. */
import type { DatasetReport, IngestProgress, IngestReport } from './index.ts';

const BAR_WIDTH = 24;
const number = new Intl.NumberFormat('en-US');

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** One line: the share of datasets done as a bar, the dataset under way, and its records so far. */
export function progressLine(progress: IngestProgress): string {
  const done = progress.index + (progress.phase === 'done' ? 1 : 0);
  const filled = Math.round((done / Math.max(1, progress.total)) * BAR_WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
  const { added, changed, skipped, errors } = progress.counts;
  return (
    `${bar} ${done}/${progress.total} ${progress.dataset.padEnd(14)} ` +
    `${number.format(progress.records)} records (+${number.format(added)} ~${number.format(changed)} ` +
    `=${number.format(skipped)}${errors ? ` !${number.format(errors)}` : ''})`
  );
}

const COLUMNS = ['dataset', 'status', 'records', 'added', 'changed', 'skipped', 'errors', 'time'] as const;

function cells(row: Pick<DatasetReport, 'records' | 'added' | 'changed' | 'skipped' | 'errors' | 'ms'>): string[] {
  return [
    number.format(row.records),
    number.format(row.added),
    number.format(row.changed),
    number.format(row.skipped),
    number.format(row.errors),
    seconds(row.ms),
  ];
}

/** The summary table: one row per dataset, a total, and what went wrong. */
export function summaryTable(report: IngestReport): string {
  const total = report.datasets.reduce(
    (sum, d) => ({
      records: sum.records + d.records,
      added: sum.added + d.added,
      changed: sum.changed + d.changed,
      skipped: sum.skipped + d.skipped,
      errors: sum.errors + d.errors,
      ms: report.ms,
    }),
    { records: 0, added: 0, changed: 0, skipped: 0, errors: 0, ms: report.ms },
  );
  const rows = [
    [...COLUMNS],
    ...report.datasets.map((d) => [d.dataset, d.status, ...cells(d)]),
    ['total', report.aborted ? 'stopped' : '', ...cells(total)],
  ];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const processed = total.added + total.changed + total.skipped;
  const notes = [
    `${report.provider}: ${number.format(processed)} rows in ${seconds(report.ms)}` +
      (report.ms > 0 ? ` (${number.format(Math.round((processed / report.ms) * 1000))} rows/s)` : ''),
    ...(report.confirmedFromFilings > 0
      ? [`${number.format(report.confirmedFromFilings)} earnings dates confirmed from 8-K Item 2.02 filings`]
      : []),
    ...report.datasets.filter((d) => d.message).map((d) => `${d.dataset}: ${d.message}`),
  ];
  const [header, ...body] = rows;
  return [line(header ?? []), rule, ...body.slice(0, -1).map(line), rule, line(body.at(-1) ?? []), '', ...notes].join(
    '\n',
  );
}
