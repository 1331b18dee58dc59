import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import type { RouteContract } from './route.ts';
import { isInputGuard, jsonObject, jsonProblem, SafeString, textProblem } from './text.ts';

describe(textProblem.name, () => {
  it('refuses NUL and lone surrogates, and takes any other text', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('\ud800')).toMatch(/lone surrogate/);
    expect(textProblem('x\udfff')).toMatch(/lone surrogate/);
    for (const fine of ['', 'Apple Inc.', 'café 株式会社', 'rocket 🚀', 'tab\tnew\nline', '<script>'])
      expect(textProblem(fine)).toBeNull();
  });
});

describe('SafeString', () => {
  it('keeps the checks chained after it and names the problem', () => {
    const name = SafeString.trim().min(1).max(5);
    expect(name.parse(' abc ')).toBe('abc');
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toMatch(/NUL/);
    expect(name.safeParse('abcdefgh').success).toBe(false);
  });
});

describe(jsonProblem.name, () => {
  const limits = { maxDepth: 3, maxKeyLength: 8, maxStringLength: 10, maxBytes: 200 };

  it('names the path of the first problem', () => {
    expect(jsonProblem({ a: { b: 'x\u0000' } }, limits)).toEqual({
      path: ['a', 'b'],
      message: expect.stringMatching(/NUL/),
    });
    expect(jsonProblem({ a: { '\ud800': 1 } }, limits)).toEqual({ path: ['a'], message: expect.stringMatching(/key/) });
    expect(jsonProblem({ a: { b: { c: { d: 1 } } } }, limits)?.message).toMatch(/3 levels/);
    expect(jsonProblem({ a: 'x'.repeat(11) }, limits)?.path).toEqual(['a']);
    expect(jsonProblem({ toolongakey: 1 }, limits)?.message).toMatch(/8 characters/);
    expect(jsonProblem({ a: Array.from({ length: 50 }, () => 'abcdefgh') }, limits)?.message).toMatch(/200 bytes/);
    expect(jsonProblem({ a: { b: { c: 'fine' } }, list: [1, 'two', null] }, limits)).toBeNull();
  });

  it('walks 100,000 levels without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(jsonProblem(deep, limits)?.message).toMatch(/3 levels/);
    const schema = jsonObject(limits);
    expect(schema.safeParse({ a: deep }).success).toBe(false);
  });
});

/** The kinds of zod schema that hold no string of their own. */
const NO_STRINGS = new Set(['number', 'boolean', 'bigint', 'enum', 'literal', 'null', 'undefined', 'date', 'nan']);
/** String formats whose pattern admits only ASCII letters, digits and punctuation. */
const ASCII_FORMATS = new Set(['uuid', 'guid', 'email', 'datetime', 'date', 'time', 'duration']);

type Def = {
  type: string;
  format?: string;
  checks?: unknown[];
  [key: string]: unknown;
};

/** Paths (`body.name`) of the strings and free-form values in a schema that no input guard covers. */
function unguarded(schema: z.ZodType, path: string): string[] {
  const def = schema.def as Def;
  if (def.checks?.some(isInputGuard)) return [];
  const at = (child: unknown, suffix = '') => unguarded(child as z.ZodType, `${path}${suffix}`);
  switch (def.type) {
    case 'string':
      return def.format && ASCII_FORMATS.has(def.format) ? [] : [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => at(child, `.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return at(def.innerType);
    case 'pipe':
      // What reaches the service is the pipe's output: `csvParam(SymbolString)` splits any string, then checks each.
      // A transform's output is made from its input (`SafeString.transform(normalise)`): the input is what is guarded.
      return (def.out as { def: Def }).def.type === 'transform' ? at(def.in) : at(def.out);
    case 'array':
      return at(def.element, '[]');
    case 'union':
      return (def.options as unknown[]).flatMap((option) => at(option));
    case 'intersection':
      return [...at(def.left), ...at(def.right)];
    case 'record':
      return [...at(def.keyType, '{key}'), ...at(def.valueType, '{value}')];
    default:
      return NO_STRINGS.has(def.type) ? [] : [`${path} (${def.type})`];
  }
}

describe('every contract input', () => {
  const routes = Object.entries(contracts as Record<string, unknown>).filter(
    (entry): entry is [string, RouteContract] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'method' in entry[1] && 'response' in entry[1],
  );

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('takes strings and JSON documents only through SafeString or jsonObject', () => {
    const found = routes.flatMap(([name, route]) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        route[part] ? unguarded(route[part], part).map((path) => `${name}: ${path}`) : [],
      ),
    );
    expect(found).toEqual([]);
  });

  it('the walker notices a bare string', () => {
    expect(unguarded(z.object({ a: z.string(), b: SafeString, c: z.uuid() }), 'body')).toEqual(['body.a']);
  });

  it('reads a transform by its input: a bare string transformed is noticed, a guarded one is not', () => {
    const trim = (value: string) => value.trim();
    expect(unguarded(z.object({ a: z.string().transform(trim), b: SafeString.transform(trim) }), 'body')).toEqual([
      'body.a',
    ]);
  });
});
