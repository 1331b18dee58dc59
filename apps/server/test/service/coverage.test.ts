/**
 * Every piece of code that reads or writes the database keeps a test on both engines: a service-tier file calls it
 * (its module, through any of its files), or the HTTP files that test it are listed to run on both in CI
 * (on-both-databases.ts). A listed owner that a service file now calls must leave the list, so it only shrinks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUERIES_TESTED_OVER_HTTP } from '../on-both-databases.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC = join(HERE, '../../src');
const INTEGRATION = join(HERE, '../integration');

/**
 * The owners of queries beside the queries.ts files, with the folder whose use by a service-tier file calls them
 * (a queries.ts file is called through any file of its own folder: the module's service calls its queries).
 */
const OTHER_OWNERS: Record<string, string> = {
  'kernel/jobs/queue': 'kernel/jobs',
  'kernel/outbox': 'kernel/outbox',
  'ingest/writers': 'ingest',
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const owners = [
  ...walk(SRC)
    .filter((file) => file.endsWith('/queries.ts'))
    .map((file) => relative(SRC, file).replace(/\.ts$/, '')),
  ...Object.keys(OTHER_OWNERS),
]
  .filter((owner, index, all) => all.indexOf(owner) === index)
  .sort();

/** What the service tier imports from the server's sources, as paths under src without the extension. */
const imported = new Set(
  walk(HERE)
    .filter((file) => file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '((?:\.\.\/)+src\/[^']+)\.ts'/g)].map((match) =>
        relative(SRC, join(dirname(file), match[1] ?? '')),
      ),
    ),
);

const calledByServiceTier = (owner: string) => {
  const scope = OTHER_OWNERS[owner] ?? dirname(owner);
  return [...imported].some((path) => path === scope || path.startsWith(`${scope}/`));
};

describe('the database code and its tests on both engines', () => {
  it('finds the owners of queries', () => {
    expect(owners).toContain('modules/lists/queries');
    expect(owners).toContain('idp/queries');
    for (const owner of Object.keys(OTHER_OWNERS)) expect(existsSync(join(SRC, `${owner}.ts`)), owner).toBe(true);
  });

  it.each(owners)('%s is called by the service tier or listed with its HTTP files', (owner) => {
    const listed = QUERIES_TESTED_OVER_HTTP[owner];
    if (calledByServiceTier(owner)) {
      expect(listed, `${owner} is called by the service tier now: take it off QUERIES_TESTED_OVER_HTTP`).toBe(
        undefined,
      );
    } else {
      expect(
        listed?.length,
        `${owner} has no service-tier test and no HTTP file listed for both engines`,
      ).toBeGreaterThan(0);
    }
  });

  it('lists only owners and files that exist', () => {
    for (const [owner, files] of Object.entries(QUERIES_TESTED_OVER_HTTP)) {
      expect(owners, owner).toContain(owner);
      for (const file of files) expect(existsSync(join(INTEGRATION, file)), file).toBe(true);
    }
  });
});
