import { describe, expect, it } from 'vitest';
import { OTHER_FILING_TYPE, SEC_FILING_TYPES } from './market.ts';
import { filingKindOfForm, isAmendmentForm, normalizeForm } from './sec-filings.ts';

describe(filingKindOfForm.name, () => {
  it.each([
    ['10-K', 'sec_10k'],
    ['10-K/A', 'sec_10k'],
    ['10-KT', 'sec_10k'],
    ['10-Q', 'sec_10q'],
    ['10-Q/A', 'sec_10q'],
    ['8-K', 'sec_8k'],
    ['8-K/A', 'sec_8k'],
    ['8-K12B', 'sec_8k'],
    ['20-F', 'sec_20f'],
    ['20-F/A', 'sec_20f'],
    ['6-K', 'sec_6k'],
    ['6-K/A', 'sec_6k'],
    ['DEF 14A', 'sec_def14a'],
    ['SC 13D', 'sec_13d'],
    ['SC 13D/A', 'sec_13d'],
    ['SCHEDULE 13D/A', 'sec_13d'],
    ['SC 13G', 'sec_13g'],
    ['SC 13G/A', 'sec_13g'],
    ['SCHEDULE 13G', 'sec_13g'],
    ['SCHEDULE 13G/A', 'sec_13g'],
    ['4', 'sec_4'],
    ['4/A', 'sec_4'],
    ['S-1', 'sec_s1'],
    ['S-1/A', 'sec_s1'],
    ['425', 'sec_425'],
  ])('%s is %s', (form, kind) => {
    expect(filingKindOfForm(form)).toBe(kind);
  });

  it.each([
    '3',
    '5',
    '144',
    'DEFA14A',
    'DEFM14A',
    'PRE 14A',
    'S-8',
    'S-8 POS',
    '424B2',
    'FWP',
    '13F-HR',
    'ABS-15G/A',
    'NT 10-Q',
    'F-6',
    'CORRESP',
    '',
  ])('%s is other', (form) => {
    expect(filingKindOfForm(form)).toBe(OTHER_FILING_TYPE);
  });

  it('reads forms however they are spaced or cased', () => {
    expect(filingKindOfForm(' sc  13g/a ')).toBe('sec_13g');
    expect(filingKindOfForm('def 14a')).toBe('sec_def14a');
  });

  it('reaches every one of the eleven kinds', () => {
    const forms = ['10-K', '10-Q', '8-K', '20-F', '6-K', 'DEF 14A', 'SC 13D', 'SC 13G', '4', 'S-1', '425'];
    expect(new Set(forms.map(filingKindOfForm))).toEqual(new Set(SEC_FILING_TYPES));
  });
});

describe(isAmendmentForm.name, () => {
  it('tells amendments', () => {
    expect(isAmendmentForm('10-K/A')).toBe(true);
    expect(isAmendmentForm('SC 13G/A')).toBe(true);
    expect(isAmendmentForm('10-K')).toBe(false);
    expect(normalizeForm(' schedule   13g ')).toBe('SCHEDULE 13G');
  });
});
