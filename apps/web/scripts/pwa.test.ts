import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { progressiveWebApp, webManifest } from './pwa.ts';

const SOURCE_SW = readFileSync(join(import.meta.dirname, '..', 'public', 'sw.js'), 'utf8');

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A built dist as Vite leaves it before the plugin's writeBundle: the page, its scripts, public/sw.js copied. */
function dist(entry: string, sw = SOURCE_SW): string {
  const dir = mkdtempSync(join(tmpdir(), 'eh-pwa-unit-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<script type="module" src="/assets/${entry}"></script>`);
  writeFileSync(join(dir, 'assets', entry), 'import("./app-1.js");');
  writeFileSync(
    join(dir, 'assets', 'app-1.js'),
    'import { a } from "./react-1.js"; const lazy = () => import("./page-1.js");',
  );
  writeFileSync(join(dir, 'assets', 'react-1.js'), 'export const a = 1;');
  writeFileSync(join(dir, 'assets', 'page-1.js'), 'export default 1;');
  writeFileSync(join(dir, 'sw.js'), sw);
  return dir;
}

/** Runs the plugin's writeBundle over a dist; the bundle's keys are what Vite wrote. */
function build(dir: string, files: string[]): { build?: { version: string; precache: string[] }; error?: string } {
  const plugin = progressiveWebApp('EarningsHub');
  const bundle = Object.fromEntries(files.map((file) => [file, {}]));
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  try {
    (plugin.writeBundle as (this: unknown, options: { dir: string }, bundle: object) => void).call(
      context,
      { dir },
      bundle,
    );
  } catch (error) {
    return { error: (error as Error).message };
  }
  const line = /^const BUILD = (.*);$/m.exec(readFileSync(join(dir, 'sw.js'), 'utf8'))?.[1];
  return { build: line ? JSON.parse(line) : undefined };
}

describe('progressiveWebApp', () => {
  it("writes the build's version and the first load's files into sw.js, not the lazy pages", () => {
    const { build: written } = build(dist('index-1.js'), ['index.html', 'assets/index-1.js', 'assets/app-1.js']);
    expect(written?.version).toMatch(/^[0-9a-f]{12}$/);
    expect(written?.precache[0]).toBe('/');
    // The budget's walk (initial-js-size.ts): the boot script, the app it imports, the app's static imports.
    expect([...(written?.precache ?? [])].sort()).toEqual([
      '/',
      '/assets/app-1.js',
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/logo.svg',
      '/manifest.webmanifest',
    ]);
    expect(written?.precache).not.toContain('/assets/page-1.js');
  });

  it('gives another build another version, and the same build the same one', () => {
    const files = ['index.html', 'assets/index-1.js'];
    const a = build(dist('index-1.js'), files).build?.version;
    const same = build(dist('index-1.js'), files).build?.version;
    const other = build(dist('index-2.js'), ['index.html', 'assets/index-2.js']).build?.version;
    expect(same).toBe(a);
    expect(other).not.toBe(a);
  });

  it('fails the build when sw.js has lost the line it fills', () => {
    const dir = dist('index-1.js', SOURCE_SW.replace(/^const BUILD = .*;$/m, ''));
    expect(build(dir, ['index.html']).error).toMatch(/no `const BUILD = …;` line/);
  });
});

describe('webManifest', () => {
  it('names the app as configured, standalone at the root, with the three icons', () => {
    const manifest = webManifest('EarningsHub Staging');
    expect(manifest).toMatchObject({
      name: 'EarningsHub Staging',
      short_name: 'EarningsHub',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
  });
});
