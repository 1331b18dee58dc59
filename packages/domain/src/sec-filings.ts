/**
 * SEC forms → the eleven stored filing kinds of SPEC §3 ({@link SEC_FILING_KINDS}); every other form is kept as
 * {@link OTHER_FILING_TYPE}.
 *
 * Rules, in order:
 * - forms compare trimmed, uppercased, with runs of spaces collapsed ('sc  13g' is 'SC 13G');
 * - an amendment ('/A') is its base form's kind ('10-K/A' is a 10-K, 'SC 13D/A' a 13D, '4/A' a Form 4);
 * - transition and successor variants keep their family: 10-KT, 10-K405 → 10-K; 10-QT → 10-Q; 8-K12B, 8-K12G3
 *   → 8-K; S-1MEF → S-1;
 * - Schedules 13D/13G under both the old ('SC 13G') and the 2024 EDGAR names ('SCHEDULE 13G');
 * - only the definitive proxy 'DEF 14A' is a proxy statement: additional materials (DEFA14A), merger proxies
 *   (DEFM14A) and preliminary ones (PRE 14A) are 'other', as are Forms 3 and 5 (only Form 4 reports trades).
 */
import { OTHER_FILING_TYPE, type SecFilingType, type StoredFilingType } from './market.ts';

const FORM_KINDS: Readonly<Record<string, SecFilingType>> = {
  '10-K': 'sec_10k',
  '10-KT': 'sec_10k',
  '10-K405': 'sec_10k',
  '10-Q': 'sec_10q',
  '10-QT': 'sec_10q',
  '8-K': 'sec_8k',
  '8-K12B': 'sec_8k',
  '8-K12G3': 'sec_8k',
  '20-F': 'sec_20f',
  '6-K': 'sec_6k',
  'DEF 14A': 'sec_def14a',
  'SC 13D': 'sec_13d',
  'SCHEDULE 13D': 'sec_13d',
  'SC 13G': 'sec_13g',
  'SCHEDULE 13G': 'sec_13g',
  '4': 'sec_4',
  'S-1': 'sec_s1',
  'S-1MEF': 'sec_s1',
  '425': 'sec_425',
};

const AMENDMENT = /\/A$/;

/** The form as EDGAR would print it: trimmed, uppercase, single spaces. */
export function normalizeForm(form: string): string {
  return form.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Whether the form amends an earlier filing ('10-K/A', 'SC 13G/A'). */
export function isAmendmentForm(form: string): boolean {
  return AMENDMENT.test(normalizeForm(form));
}

/** The stored kind of an SEC form: one of the eleven SPEC §3 kinds, else 'other'. */
export function filingKindOfForm(form: string): StoredFilingType {
  const base = normalizeForm(form).replace(AMENDMENT, '');
  return FORM_KINDS[base] ?? OTHER_FILING_TYPE;
}

/** SEC 8-K item of an earnings release: "Results of Operations and Financial Condition". */
export const EARNINGS_RELEASE_ITEM = '2.02';

/** 8-K items a trader looks for, by number, in a reader's words (the filings list and search inside filings). */
export const EIGHT_K_ITEMS: Readonly<Record<string, string>> = {
  '1.01': 'Material agreement',
  '1.02': 'Agreement terminated',
  '2.01': 'Acquisition or disposition',
  '2.02': 'Results of operations (earnings)',
  '2.03': 'New financial obligation',
  '2.05': 'Exit or restructuring costs',
  '2.06': 'Material impairment',
  '3.01': 'Listing notice',
  '4.01': 'Auditor change',
  '5.02': 'Officers or directors change',
  '5.03': 'Bylaws amended',
  '5.07': 'Shareholder vote',
  '7.01': 'Regulation FD disclosure',
  '8.01': 'Other events',
  '9.01': 'Financial statements and exhibits',
};
