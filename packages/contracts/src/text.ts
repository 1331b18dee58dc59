import { z } from 'zod';

/**
 * Strings and JSON documents from outside, refused where they enter (DESIGN §5: bad input is a 400 naming the
 * field, never a 500 from the database). PostgreSQL's text and jsonb hold no NUL, and a lone surrogate (half of a
 * UTF-16 pair) has no UTF-8 form, so either one failed the write with a 500. Refused, never stripped: a value
 * silently changed on the way in is a different value than the one the caller sent.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (!value.isWellFormed()) return 'must be well-formed Unicode text (it has a lone surrogate)';
  return null;
}

/** The check {@link SafeString} carries. */
export const wellFormedText = z.superRefine((value: string, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
});

/** Every string an API call takes (path, query, body) is built from this one: `SafeString.trim().max(80)`. */
export const SafeString = z.string().check(wellFormedText);

export interface JsonLimits {
  /** Levels of objects and arrays, the top one included: `{"a":{"b":1}}` has two. */
  maxDepth: number;
  maxKeyLength: number;
  maxStringLength: number;
  /** The whole document as JSON, in UTF-8 bytes. */
  maxBytes?: number;
}

/**
 * The first problem of a parsed JSON value against the limits, with the path to it, or null. Walks with its own
 * stack, never by recursion: a body of 100,000 nested arrays parses (JSON.parse does not recurse), and a
 * recursive walker would then overflow the call stack and answer 500.
 */
export function jsonProblem(root: unknown, limits: JsonLimits): { path: string[]; message: string } | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, message: problem };
      if (value.length > limits.maxStringLength)
        return { path, message: `must be at most ${limits.maxStringLength} characters` };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) return { path, message: `must be nested at most ${limits.maxDepth} levels deep` };
    for (const [key, child] of Object.entries(value)) {
      // JSON.stringify writes NUL and lone surrogates as escapes, so the message can show the key.
      const keyProblem = textProblem(key);
      if (keyProblem) return { path, message: `key ${JSON.stringify(key)} ${keyProblem}` };
      if (key.length > limits.maxKeyLength)
        return { path, message: `keys must be at most ${limits.maxKeyLength} characters` };
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  // Only now: JSON.stringify recurses, and the depth is known to be small.
  if (limits.maxBytes !== undefined && new TextEncoder().encode(JSON.stringify(root)).length > limits.maxBytes)
    return { path: [], message: `must be at most ${limits.maxBytes} bytes as JSON` };
  return null;
}

const documentChecks = new WeakSet<object>();

/** The check {@link jsonObject} carries. */
export function jsonDocument(limits: JsonLimits) {
  const check = z.superRefine((value: unknown, ctx) => {
    const problem = jsonProblem(value, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
  });
  documentChecks.add(check);
  return check;
}

/** Whether a schema check is one of the two that make input safe to store; the contracts' own test asks. */
export const isInputGuard = (check: unknown) =>
  check === wellFormedText || (typeof check === 'object' && check !== null && documentChecks.has(check));

/** A free-form JSON object from a client (saved settings), bounded in depth, keys, strings and size. */
export const jsonObject = (limits: JsonLimits) =>
  z
    .record(z.string(), z.unknown())
    .check(jsonDocument(limits))
    .meta({ description: describe(limits) });

function describe({ maxDepth, maxKeyLength, maxStringLength, maxBytes }: JsonLimits) {
  const size = maxBytes === undefined ? '' : `, at most ${maxBytes} bytes`;
  return `A JSON object nested at most ${maxDepth} levels, keys of at most ${maxKeyLength} characters, strings of at most ${maxStringLength}${size}; no NUL or lone surrogates.`;
}
