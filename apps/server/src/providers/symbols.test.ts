import { describe, expect, it } from 'vitest';
import { symbolFromAct, symbolFromDashed, yahooSymbolOf } from './symbols.ts';

describe(symbolFromDashed.name, () => {
  it.each([
    ['BRK-B', 'BRK.B'],
    ['bf-a', 'BF.A'],
    ['MKC-V', 'MKC.V'],
    ['ABR-PD', 'ABR-PD'],
    ['ETI-P', 'ETI-P'],
    ['BFLY-WT', 'BFLY-WT'],
    ['GRP-UN', 'GRP-UN'],
    ['AAPL', 'AAPL'],
    ['BTC-USD', 'BTC-USD'],
    ['OCDO.L', 'OCDO.L'],
  ])('%s → %s', (vendor, ours) => {
    expect(symbolFromDashed(vendor)).toBe(ours);
  });
});

describe(symbolFromAct.name, () => {
  it.each([
    ['BRK.B', 'BRK.B'],
    ['ABR$D', 'ABR-PD'],
    ['ETI$', 'ETI-P'],
    ['BFLY.W', 'BFLY-WT'],
    ['GRAF.U', 'GRAF-UN'],
    ['CELG.R', 'CELG-RI'],
    ['MKC.V', 'MKC.V'],
    ['AACBR', 'AACBR'],
  ])('%s → %s', (vendor, ours) => {
    expect(symbolFromAct(vendor)).toBe(ours);
  });

  it('agrees with the SEC spelling of the same securities', () => {
    for (const [act, sec] of [
      ['BRK.B', 'BRK-B'],
      ['CMS$B', 'CMS-PB'],
      ['BFLY.W', 'BFLY-WT'],
      ['HWM$', 'HWM-P'],
    ] as const) {
      expect(symbolFromAct(act)).toBe(symbolFromDashed(sec));
    }
  });
});

describe(yahooSymbolOf.name, () => {
  it('writes share classes with a dash and leaves the rest', () => {
    expect(yahooSymbolOf('BRK.B')).toBe('BRK-B');
    expect(yahooSymbolOf('ABR-PD')).toBe('ABR-PD');
    expect(yahooSymbolOf('AAPL')).toBe('AAPL');
  });
});
