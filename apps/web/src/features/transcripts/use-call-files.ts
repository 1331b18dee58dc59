import { FISCAL_PERIODS, type FiscalPeriod } from '@eh/domain';
import { errorStatus } from '../../shared/api.ts';
import { useGetFileContentQuery, useGetFileContentsQuery } from '../../shared/market/market-api.ts';

export interface CallRef {
  /** A file id (the transcript's, or any file of the call). */
  fileId?: string | undefined;
  symbol?: string | undefined;
  periodYear?: number | undefined;
  period?: string | undefined;
}

const asPeriod = (value: string | undefined): FiscalPeriod | undefined => {
  const upper = value?.toUpperCase();
  return (FISCAL_PERIODS as readonly string[]).includes(upper ?? '') ? (upper as FiscalPeriod) : undefined;
};

/**
 * A call's files: by file id (then the rest of its quarter), or by company and quarter. Returns the transcript
 * with its content, every file of the quarter, and whether nothing was found.
 */
export function useCallFiles(ref: CallRef) {
  const byId = useGetFileContentQuery({ id: ref.fileId ?? '' }, { skip: !ref.fileId });
  const symbol = byId.data?.symbol ?? ref.symbol;
  const periodYear = byId.data?.periodYear ?? ref.periodYear;
  const period = asPeriod(byId.data?.period ?? ref.period);
  const quarter = useGetFileContentsQuery(
    { symbol: symbol ?? '', periodYear: periodYear ?? 0, period: period ?? 'Q1' },
    { skip: !symbol || !periodYear || !period || (Boolean(ref.fileId) && !byId.data) },
  );
  const files = quarter.data?.files ?? (byId.data ? [byId.data] : []);
  const transcript =
    (byId.data?.type === 'transcript' ? byId.data : null) ?? files.find((file) => file.type === 'transcript') ?? null;
  const loading = byId.isLoading || quarter.isLoading;
  const notFound =
    errorStatus(byId.error) === 404 ||
    errorStatus(quarter.error) === 404 ||
    (!loading && !byId.error && !quarter.error && quarter.isSuccess && files.length === 0);
  const error = notFound ? undefined : (byId.error ?? quarter.error);
  return {
    symbol: symbol ?? '',
    periodYear: periodYear ?? 0,
    period: period ?? '',
    name: transcript?.name ?? files[0]?.name ?? null,
    transcript,
    files,
    loading,
    notFound,
    error,
    refetch: () => {
      if (ref.fileId) void byId.refetch();
      void quarter.refetch();
    },
  };
}
