import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFERENCES, type PreferenceKey } from './preferences.ts';

/**
 * Every stored client preference is read by the feature it belongs to, or removed. A key no source file
 * names (outside the table itself and tests) is stored for nothing.
 */
const SRC = new URL('../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('stored client preferences', () => {
  const files = sources(SRC)
    .filter((path) => !path.endsWith('shared/preferences.ts'))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it.each(Object.keys(PREFERENCES) as PreferenceKey[])('%s is read by a feature', (key) => {
    const readers = files.filter((file) => file.text.includes(`'${key}'`)).map((file) => file.path.slice(SRC.length));
    expect(readers, `${key} is stored but no feature names it`).not.toEqual([]);
  });
});
