/**
 * Rows the earnings, events and files suites insert for themselves (real database, no mocks). Symbols start with
 * 'ZQ', which no real or demo asset uses, so the suites' assertions hold whatever else the database holds.
 */
import { assets, type Database, earnings, users } from '@eh/db';
import { addDays, nyDate } from '@eh/domain';
import { eq } from 'drizzle-orm';
import { accountsChanged } from '../../src/kernel/account-memory.ts';
import type { AppContext } from '../../src/kernel/context.ts';

export const today = () => nyDate(new Date());
export const daysFromToday = (days: number) => addDays(today(), days);

export interface AssetInput {
  symbol: string;
  name?: string;
  type?: 'stock' | 'otc' | 'crypto' | 'index';
  marketCap?: number | null;
  popularity?: number;
  sector?: string | null;
  exchange?: string | null;
}

export async function insertAsset(db: Database, input: AssetInput): Promise<number> {
  const [row] = await db
    .insert(assets)
    .values({
      symbol: input.symbol,
      symbolUpper: input.symbol.toUpperCase(),
      name: input.name ?? `${input.symbol} Holdings Inc.`,
      type: input.type ?? 'stock',
      exchange: input.exchange === undefined ? 'NASDAQ' : input.exchange,
      sector: input.sector === undefined ? 'Technology' : input.sector,
      marketCap: input.marketCap ?? null,
      popularity: input.popularity ?? 0,
      source: 'test',
    })
    .returning({ id: assets.id });
  if (!row) throw new Error(`asset ${input.symbol} was not stored`);
  return row.id;
}

export type EarningsInput = Omit<typeof earnings.$inferInsert, 'assetId' | 'source' | 'dateSource'> & {
  source?: string;
  dateSource?: string;
};

export async function insertEarnings(db: Database, assetId: number, rows: EarningsInput[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const stored = await db
    .insert(earnings)
    .values(rows.map((row) => ({ source: 'test', dateSource: 'test', ...row, assetId })))
    .returning({ id: earnings.id });
  return stored.map((row) => row.id);
}

/**
 * Sets a user's plan directly, as billing does, and says so as billing does, so no node answers from the features
 * it remembered (the account row must exist: GET /core/users/me creates it).
 */
export async function setPlan(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  id: string,
  plan: 'free' | 'earningshub_plus' | 'earningshub_pro',
) {
  await ctx.db
    .update(users)
    .set({ plan, subscriptionType: plan === 'free' ? 'free' : 'paid', subscriptionStatus: 'active' })
    .where(eq(users.id, id));
  await accountsChanged(ctx);
}
