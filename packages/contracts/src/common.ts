import { DATE_PICKER_MAX, DATE_PICKER_MIN, MARKET_ASSET_TYPES, MAX_DATE_RANGE_DAYS, MAX_LIST_LIMIT } from '@eh/domain';
import { z } from 'zod';
import { SafeString } from './text.ts';

/** Shared pieces of the market-data contracts: one definition of a date, a symbol, a limit, a date window. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** A calendar date `YYYY-MM-DD` that exists and lies within the date-picker bounds of SPEC §9. */
export const IsoDateString = SafeString.regex(ISO_DATE, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real calendar date')
  .refine(
    (value) => value >= DATE_PICKER_MIN && value <= DATE_PICKER_MAX,
    `must be between ${DATE_PICKER_MIN} and ${DATE_PICKER_MAX}`,
  );

/** A ticker as users type it ('AAPL', 'BRK.B', 'BTC', '^GSPC'); matched case-insensitively. */
export const SymbolString = SafeString.trim()
  .min(1, 'is required')
  .max(20, 'must be at most 20 characters')
  .regex(/^[A-Za-z0-9.^=\-/]+$/, 'must be a ticker symbol');

export const SymbolParams = z.object({ symbol: SymbolString });

export const MarketAssetTypeSchema = z.enum(MARKET_ASSET_TYPES);

/** `?limit=` with the call's SPEC default; above {@link MAX_LIST_LIMIT} is a 400, never a slow query. */
export const limitParam = (defaultLimit: number) =>
  z.coerce.number().int('must be a whole number').min(1).max(MAX_LIST_LIMIT).default(defaultLimit);

/** Comma-separated list in a query string (`?symbols=AAPL,MSFT`), also accepting repeated keys. */
export const csvParam = <T extends z.ZodType<unknown, string>>(item: T, max = MAX_LIST_LIMIT) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max));

/**
 * Adds the window rule to a query object with `start` and `end` dates: start ≤ end, at most
 * {@link MAX_DATE_RANGE_DAYS} days apart. The error names the field (`query.end`).
 */
export function withDateWindow<T extends z.ZodObject<{ start: z.ZodType; end: z.ZodType }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const { start, end } = value as { start?: string; end?: string };
    if (!start || !end) return;
    if (end < start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start' });
    else if ((Date.parse(end) - Date.parse(start)) / MS_PER_DAY > MAX_DATE_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `must be at most ${MAX_DATE_RANGE_DAYS} days after start`,
      });
  });
}
