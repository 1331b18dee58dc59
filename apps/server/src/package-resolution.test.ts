import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SHORTCUTS = new URL('./package-resolution.ts', import.meta.url).href;
const SERVER_DATABASE = new URL('../../../packages/db/src/index.ts', import.meta.url).href;

/**
 * Every resolution a child process makes while it loads the database layer (drizzle-orm, pg, PGlite and our own
 * files), as `specifier from parent -> url (format)`, with the shortcuts registered or not. A recorder registered
 * after them runs first and sees what they answer.
 */
function resolutions(withShortcuts: boolean): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    ${withShortcuts ? `await import(${JSON.stringify(SHORTCUTS)});` : ''}
    const seen = new Set();
    registerHooks({
      resolve(specifier, context, nextResolve) {
        const out = nextResolve(specifier, context);
        seen.add(specifier + ' from ' + context.parentURL + ' -> ' + out.url + ' (' + out.format + ')');
        return out;
      },
    });
    await import(${JSON.stringify(SERVER_DATABASE)});
    await import('drizzle-orm/pglite');
    process.stdout.write(JSON.stringify([...seen].sort()));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
  return JSON.parse(output) as string[];
}

describe('package resolution shortcuts', () => {
  it("resolve every import of the database layer to the URL and format Node's own resolution gives", () => {
    const plain = resolutions(false);
    const shortcut = resolutions(true);
    // Hundreds of files: drizzle-orm's relative imports are the ones the shortcuts answer.
    expect(plain.filter((line) => line.includes('/node_modules/drizzle-orm/')).length).toBeGreaterThan(100);
    // Our own files import each other by relative `.ts` paths, which the shortcuts answer too.
    expect(plain.filter((line) => /^\.\.?\/.*\.ts from .*\/packages\/db\/src\//.test(line)).length).toBeGreaterThan(5);
    expect(shortcut).toEqual(plain);
    // Two Node processes loading the database layer: 2 s on a quiet machine, over 5 on a loaded one.
  }, 60_000);
});
