import { describe, expect, it } from 'vitest';
import { passageGroups } from './call-passages.ts';
import type { PassageRow } from './call-passages-queries.ts';

const rows = (n: number) => Array.from({ length: n }, () => ({}) as PassageRow);

describe('passages written a group at a time', () => {
  it('fills a group up to the bound, keeps each document whole, and gives a larger document a group of its own', () => {
    const sizes: Record<string, number> = { a: 120, b: 150, c: 40, d: 500, e: 0, f: 10 };
    const groups = passageGroups(Object.keys(sizes), (id) => rows(sizes[id] ?? 0), 300);
    expect(groups.map((group) => [group.documents.join(''), group.rows.length])).toEqual([
      ['ab', 270],
      ['c', 40],
      ['d', 500],
      ['ef', 10],
    ]);
    expect(passageGroups([], () => rows(1))).toEqual([]);
  });
});
