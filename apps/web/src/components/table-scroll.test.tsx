/**
 * Every table is drawn in TableScroll: what keeps its last column reachable and its first in place at any width.
 * Where the cells land in a real layout is checked in the browser by e2e/first-hour.test.ts, on the pages' tables
 * at both widths.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { makeStore } from '../app/store.ts';
import { createAppTheme } from '../shared/theme.ts';
import { viewport } from '../test/quote-app.tsx';
import { TableScroll, type TableScrollProps } from './table-scroll.tsx';

const COLUMNS = ['Symbol', 'EPS', 'Revenue', 'Surprise', 'Move'];
const ROWS = [
  ['AAPL', '2.84', '143.8B', '+6.4%', '+2.4%'],
  ['MSFT', '3.23', '69.6B', '+3.5%', '-1.1%'],
];

function renderTable(props: Partial<TableScrollProps> = {}) {
  render(
    <AppProviders store={makeStore()}>
      <TableScroll label="Reports" {...props}>
        <table>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row[0]}>
                {row.map((cell) => (
                  <td key={cell}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </AppProviders>,
  );
  return screen.getByRole('region', { name: 'Reports' });
}

/** Each row's cells, top to bottom: how each is placed. */
const placement = (region: HTMLElement) =>
  [...region.querySelectorAll('tr')].map((row) =>
    [...row.children].map((cell) => {
      const style = getComputedStyle(cell);
      return { position: style.position, left: style.left, zIndex: style.zIndex };
    }),
  );

const STICKY_HEADER = { position: 'sticky', left: '0px', zIndex: '2' };
const STICKY_BODY = { position: 'sticky', left: '0px', zIndex: '1' };
const SLIDING = { position: '', left: '', zIndex: '' };

describe('a table in TableScroll', () => {
  afterEach(() => viewport(1024, 768));

  it('scrolls sideways inside its own region, named and reachable from the keyboard, without widening what holds it', () => {
    const region = renderTable();
    expect(region.tabIndex).toBe(0);
    expect(region.hasAttribute('data-table-scroll')).toBe(true);
    const style = getComputedStyle(region);
    expect(style.overflowX).toBe('auto');
    // No width of its own: at least its container's, never more, so a wide table scrolls instead of being cut.
    expect(style.width).toBe('0px');
    expect(style.minWidth).toBe('100%');
  });

  it('keeps the first column in place, the header’s corner above it, and lets the rest slide under it', () => {
    const region = renderTable();
    const rest = COLUMNS.slice(1).map(() => SLIDING);
    expect(placement(region)).toEqual([[STICKY_HEADER, ...rest], ...ROWS.map(() => [STICKY_BODY, ...rest])]);
  });

  it('paints the first column in the colour of the surface it sits on, so what slides under it is hidden', () => {
    const { background } = createAppTheme('light').palette;
    const firstCellColour = (region: HTMLElement) =>
      getComputedStyle(region.querySelector('td') as HTMLElement).backgroundColor.toLowerCase();
    expect(firstCellColour(renderTable())).toBe(background.paper.toLowerCase());
    cleanup();
    expect(firstCellColour(renderTable({ surface: 'default' }))).toBe(background.default.toLowerCase());
  });

  it('reaches out to a card’s edges through its padding when told to bleed: 16 px a side on a phone, 20 px wider', () => {
    viewport(390, 844);
    let style = getComputedStyle(renderTable({ bleed: true }));
    expect([style.marginLeft, style.marginRight, style.minWidth]).toEqual(['-16px', '-16px', 'calc(100% + 32px)']);
    cleanup();
    viewport(1440, 900);
    style = getComputedStyle(renderTable({ bleed: true }));
    expect([style.marginLeft, style.marginRight, style.minWidth]).toEqual(['-20px', '-20px', 'calc(100% + 40px)']);
  });
});
