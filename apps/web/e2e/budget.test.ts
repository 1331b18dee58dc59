import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_KB, initialJs } from '../scripts/initial-js-size.ts';

/** The build the e2e suite drives (npm test builds it first). */
const DIST = join(import.meta.dirname, '..', 'dist');

describe('first load', () => {
  it(`downloads at most ${INITIAL_JS_BUDGET_KB} kB of gzipped JavaScript before the first page's own code`, () => {
    const size = initialJs(DIST);
    // The boot script, the app it imports after the first paint, React, the router, Redux and MUI's core.
    expect(size.files.length).toBeGreaterThanOrEqual(5);
    expect(size.files.some((row) => row.file.includes('react-'))).toBe(true);
    expect(size.gzipKb).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });
});
