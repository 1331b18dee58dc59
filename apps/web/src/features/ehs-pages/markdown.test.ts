import { readFileSync } from 'node:fs';
import { EH500_SIZE, EHS_WEIGHTS } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';

describe(parseInline.name, () => {
  it('reads bold and code, leaves the rest as text', () => {
    expect(parseInline('a **b** `c` d')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' d' },
    ]);
  });
});

describe(parseMarkdown.name, () => {
  it('reads headings, wrapped list items, tables and paragraphs', () => {
    const blocks = parseMarkdown(
      '# Title\n\nOne\ntwo.\n\n- first\n  continued\n- second\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'list', 'table']);
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: [{ kind: 'text', text: 'One two.' }] });
    expect(blocks[2]).toMatchObject({ items: [[{ text: 'first continued' }], [{ text: 'second' }]] });
    expect(blocks[3]).toMatchObject({ rows: [[[{ text: '1' }], [{ text: '2' }]]] });
  });

  it('reads the published method: its sections, the weights table and the EH500 size', () => {
    const source = readFileSync(new URL('../../../../../docs/ehs.md', import.meta.url), 'utf8');
    const blocks = parseMarkdown(source);
    const headings = blocks.filter((block) => block.kind === 'heading').map((block) => block.id);
    expect(headings).toEqual(
      expect.arrayContaining(['1-the-four-numbers', '2-from-four-numbers-to-one-score', '5-eh500']),
    );
    const weights = blocks.find(
      (block) => block.kind === 'table' && block.header.map((cell) => cell[0]?.text).join() === 'part,weight',
    );
    expect(weights && weights.kind === 'table' && weights.rows.map((row) => row[1]?.[0]?.text)).toEqual(
      [EHS_WEIGHTS.ps, EHS_WEIGHTS.pe, EHS_WEIGHTS.yoyEps, EHS_WEIGHTS.yoyRevenue].map((w) => `${w * 100} %`),
    );
    expect(JSON.stringify(blocks)).toContain(`"${EH500_SIZE}"`);
  });
});
