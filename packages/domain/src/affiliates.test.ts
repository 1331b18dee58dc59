import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_CODE_ALPHABET,
  AFFILIATE_CODE_LENGTH,
  AFFILIATE_DECISIONS,
  AFFILIATE_REQUEST_STATUSES,
  AFFILIATE_SETTLE_DAYS,
  type AffiliateDecision,
  type AffiliateRequestStatus,
  affiliateCodeOf,
  annualizedCents,
  arrAt,
  arrSeries,
  commissionCents,
  countryName,
  decide,
  isAffiliateCode,
  isConnectCountry,
  nextPayoutDate,
  payoutPeriodAt,
  periodBounds,
  periodOf,
  requestAgain,
  settlesAt,
} from './affiliates.ts';
import { REFUND_WINDOW_DAYS } from './billing.ts';

const DAY = 86_400_000;

describe(decide.name, () => {
  /** Every status × decision: what a super admin's call leads to (null: refused with a 409). */
  const TABLE: Record<AffiliateRequestStatus, Record<AffiliateDecision, AffiliateRequestStatus | null>> = {
    requested: { approved: 'approved', rejected: 'rejected', revoked: null },
    approved: { approved: null, rejected: null, revoked: 'revoked' },
    rejected: { approved: 'approved', rejected: null, revoked: null },
    revoked: { approved: 'approved', rejected: null, revoked: null },
  };
  for (const status of AFFILIATE_REQUEST_STATUSES)
    for (const decision of AFFILIATE_DECISIONS)
      it(`${status} + ${decision} → ${TABLE[status][decision]}`, () => {
        expect(decide(status, decision)).toBe(TABLE[status][decision]);
      });
});

describe(requestAgain.name, () => {
  it('a first request or one after a rejection asks; pending and approved stay; revoked is refused', () => {
    expect(requestAgain(null)).toBe('requested');
    expect(requestAgain('rejected')).toBe('requested');
    expect(requestAgain('requested')).toBe('requested');
    expect(requestAgain('approved')).toBe('approved');
    expect(requestAgain('revoked')).toBeNull();
  });
});

describe(commissionCents.name, () => {
  it('takes the percentage rounded down to the cent', () => {
    expect(commissionCents(9600, 20)).toBe(1920);
    expect(commissionCents(2499, 20)).toBe(499);
    expect(commissionCents(999, 33)).toBe(329);
    expect(commissionCents(1, 20)).toBe(0);
  });
  it('earns nothing on a free payment or at 0 %', () => {
    expect(commissionCents(0, 20)).toBe(0);
    expect(commissionCents(9600, 0)).toBe(0);
  });
});

describe(settlesAt.name, () => {
  it('settles when the refund window is over', () => {
    expect(AFFILIATE_SETTLE_DAYS).toBe(REFUND_WINDOW_DAYS);
    const charged = new Date('2026-03-01T10:00:00Z');
    expect(settlesAt(charged).toISOString()).toBe(new Date(charged.getTime() + REFUND_WINDOW_DAYS * DAY).toISOString());
  });
});

describe('payout periods', () => {
  it('names the UTC month and pays the month that just ended', () => {
    expect(periodOf(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03');
    expect(payoutPeriodAt(new Date('2026-04-01T00:00:00Z'))).toBe('2026-03');
    expect(payoutPeriodAt(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
  });
  it('bounds a period and refuses what is not one', () => {
    expect(periodBounds('2025-12')).toEqual({
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
    });
    expect(() => periodBounds('2025-13')).toThrow();
    expect(nextPayoutDate(new Date('2026-12-20T08:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('ARR', () => {
  const payments = [
    { chargedAt: new Date('2026-01-10T00:00:00Z'), amount: 1000, interval: 'monthly' as const },
    { chargedAt: new Date('2026-01-20T00:00:00Z'), amount: 9600, interval: 'yearly' as const },
  ];
  it('counts each payment for the period it paid for, as a year', () => {
    expect(annualizedCents(1000, 'monthly')).toBe(12_000);
    expect(annualizedCents(9600, 'yearly')).toBe(9600);
    expect(arrAt(payments, new Date('2026-01-09T00:00:00Z'))).toBe(0);
    expect(arrAt(payments, new Date('2026-01-15T00:00:00Z'))).toBe(12_000);
    expect(arrAt(payments, new Date('2026-01-25T00:00:00Z'))).toBe(21_600);
    // The monthly payment's 30 days are over on 9 February; the yearly one goes on.
    expect(arrAt(payments, new Date('2026-02-09T00:00:00Z'))).toBe(9600);
  });
  it('gives one point a day, ending now', () => {
    const now = new Date('2026-01-25T12:00:00Z');
    const series = arrSeries(payments, now, 20);
    expect(series).toHaveLength(20);
    expect(series[0]).toEqual({ date: '2026-01-06', arr: 0 });
    expect(series.find((p) => p.date === '2026-01-10')?.arr).toBe(12_000);
    expect(series.at(-1)).toEqual({ date: '2026-01-25', arr: 21_600 });
  });
});

describe('codes and countries', () => {
  it('makes codes of the alphabet and checks link codes', () => {
    const code = affiliateCodeOf(new Uint8Array([0, 1, 2, 30, 31, 62, 200, 255]));
    expect(code).toHaveLength(AFFILIATE_CODE_LENGTH);
    expect([...code].every((c) => AFFILIATE_CODE_ALPHABET.includes(c))).toBe(true);
    expect(isAffiliateCode(code)).toBe(true);
    expect(isAffiliateCode('ab')).toBe(false);
    expect(isAffiliateCode('abc-def')).toBe(false);
  });
  it('knows the Connect countries by code and names them', () => {
    expect(isConnectCountry('US')).toBe(true);
    expect(isConnectCountry('us')).toBe(false);
    expect(isConnectCountry('KP')).toBe(false);
    expect(countryName('GB')).toBe('United Kingdom');
  });
});
