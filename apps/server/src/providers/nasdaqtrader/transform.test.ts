import { describe, expect, it } from 'vitest';
import { directorySecurities, ETF_INDUSTRY, issuerName, parsePipeTable, toAssetRecords } from './transform.ts';

// Shaped like the real directories: header, rows, trailer.
const nasdaqListed = [
  'Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares',
  'AAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N',
  'AACBR|Artius II Acquisition Inc. - Rights|G|N|N|100|N|N',
  'QQQ|Invesco QQQ Trust, Series 1|G|N|N|100|Y|N',
  'ZXYZ.A|Nasdaq Symbology Test Common Stock|Q|Y|N|100|N|N',
  'File Creation Time: 0721202521:31|||||||',
  '',
].join('\n');

const otherListed = [
  'ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol',
  'BRK.B|Berkshire Hathaway Inc. New Common Stock|N|BRK.B|N|100|N|BRK.B',
  'ABR$D|Arbor Realty Trust 6.375% Series D Cumulative Redeemable Preferred Stock|N|ABRpD|N|100|N|ABR-D',
  'ETI$|Entergy Texas Inc 5.375% Series A Preferred Stock|N|ETIp|N|100|N|ETI-',
  'BFLY.W|Butterfly Network, Inc. Warrants|N|BFLY.WS|N|100|N|BFLY+',
  'SPY|SPDR S&P 500|P|SPY|Y|100|N|SPY',
  'AMBO|Ambow Education Holding Ltd. American Depositary Shares, each representing two Class A ordinary shares|A|AMBO|N|100|N|AMBO',
  'CTEST.E|NYSE Test One Common Stock|N|CTEST.E|N|100|Y|CTEST.E',
  'File Creation Time: 0721202521:31||||||',
].join('\r\n');

describe(parsePipeTable.name, () => {
  it('reads the header, the rows and the creation time of the trailer (New York time)', () => {
    const table = parsePipeTable(nasdaqListed);
    expect(table.header[0]).toBe('Symbol');
    expect(table.rows).toHaveLength(4);
    expect(table.rows[0]).toMatchObject({ Symbol: 'AAPL', ETF: 'N', 'Market Category': 'Q' });
    expect(table.createdAt?.toISOString()).toBe('2025-07-22T01:31:00.000Z');
  });
});

describe(directorySecurities.name, () => {
  it('reads nasdaqlisted: test issues dropped, ETFs flagged', () => {
    const securities = directorySecurities(nasdaqListed);
    expect(securities.map((s) => [s.asset.symbol, s.asset.name, s.asset.exchange, s.etf])).toEqual([
      ['AAPL', 'Apple Inc.', 'NASDAQ', false],
      ['AACBR', 'Artius II Acquisition Inc. - Rights', 'NASDAQ', false],
      ['QQQ', 'Invesco QQQ Trust, Series 1', 'NASDAQ', true],
    ]);
  });

  it('reads otherlisted: ACT symbols in our form, exchange names, test issues dropped', () => {
    const securities = directorySecurities(otherListed);
    expect(securities.map((s) => [s.asset.symbol, s.asset.exchange, s.etf])).toEqual([
      ['BRK.B', 'NYSE', false],
      ['ABR-PD', 'NYSE', false],
      ['ETI-P', 'NYSE', false],
      ['BFLY-WT', 'NYSE', false],
      ['SPY', 'NYSE Arca', true],
      ['AMBO', 'NYSE American', false],
    ]);
    expect(securities[0]?.asset.name).toBe('Berkshire Hathaway Inc.');
    expect(securities[5]?.asset.name).toBe('Ambow Education Holding Ltd.');
  });

  it('refuses a file that is not a directory', () => {
    expect(() => directorySecurities('a,b,c\n1,2,3')).toThrow('Not a Nasdaq Trader symbol directory');
  });
});

describe(toAssetRecords.name, () => {
  it('marks ETFs through the industry and types everything stock', () => {
    const records = toAssetRecords(directorySecurities(otherListed));
    expect(records.find((r) => r.symbol === 'SPY')).toMatchObject({ type: 'stock', industry: ETF_INDUSTRY });
    expect(records.find((r) => r.symbol === 'BRK.B')?.industry).toBeUndefined();
  });
});

describe(issuerName.name, () => {
  it.each([
    ['Apple Inc. - Common Stock', 'Apple Inc.'],
    ['Alphabet Inc. - Class A Common Stock', 'Alphabet Inc.'],
    ['Agilent Technologies, Inc. Common Stock ', 'Agilent Technologies, Inc.'],
    ['Artius II Acquisition Inc. - Class A Ordinary Shares', 'Artius II Acquisition Inc.'],
    ['Butterfly Network, Inc. Warrants', 'Butterfly Network, Inc. Warrants'],
    ['Common Stock', 'Common Stock'],
  ])('%s → %s', (security, issuer) => {
    expect(issuerName(security)).toBe(issuer);
  });
});
