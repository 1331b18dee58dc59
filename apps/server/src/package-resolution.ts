/**
 * Shortcuts for Node's module resolution, registered before the server's code loads (scripts/start.ts, main.ts).
 *
 * For every `.js` file it loads and every bare specifier it resolves, Node reads the nearest package.json again, and
 * in Node 24 each read copies the package's fields, parsing its `exports` map anew. drizzle-orm's package.json is
 * 179 KB and the server loads hundreds of its files and imports it from 70: 1.2 s of CPU in a 4 s start went there.
 * - A relative `.js` import between files of an installed package resolves here, against the package's `type`
 *   read once per folder; so does a relative `.ts` import between our own files (Node's own resolution of those
 *   took 0.2 s of a second start's CPU).
 * - A bare specifier ('drizzle-orm/pg-core') resolves once per folder of an installed package, and once per
 *   workspace package for our own files (their folders hold no node_modules of their own, so every file of a
 *   workspace package resolves a name alike).
 * Anything else goes to Node's own resolution, which also gives every answer cached here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type ResolveFnOutput, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const typeByFolder = new Map<string, string>();

/** The `type` of the nearest package.json at or above `folder` ('commonjs' when it names none), as Node reads it. */
function packageType(folder: string): string {
  const known = typeByFolder.get(folder);
  if (known !== undefined) return known;
  let type: string;
  try {
    const { type: declared } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { type?: unknown };
    type = declared === 'module' ? 'module' : 'commonjs';
  } catch {
    const parent = dirname(folder);
    type = parent === folder ? 'commonjs' : packageType(parent);
  }
  typeByFolder.set(folder, type);
  return type;
}

/** The folder of the nearest package.json at or above `folder`, or `folder` itself when there is none. */
function packageRoot(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return folder;
  }
}

const rootByFolder = new Map<string, string>();
const bareResolutions = new Map<string, ResolveFnOutput>();

function isRelativeOrAbsolute(specifier: string): boolean {
  return (
    specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier.includes(':')
  );
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    const installed = parent.includes('/node_modules/');
    const folder = dirname(fileURLToPath(parent));
    if (isRelativeOrAbsolute(specifier)) {
      if (installed && specifier.startsWith('.') && specifier.endsWith('.js')) {
        const url = new URL(specifier, parent);
        if (packageType(dirname(fileURLToPath(url))) === 'module') {
          return { url: url.href, format: 'module', shortCircuit: true };
        }
      }
      if (!installed && specifier.startsWith('.') && specifier.endsWith('.ts')) {
        const url = new URL(specifier, parent);
        if (packageType(dirname(fileURLToPath(url))) === 'module') {
          return { url: url.href, format: 'module-typescript', shortCircuit: true };
        }
      }
      return nextResolve(specifier, context);
    }
    let scope = folder;
    if (!installed) {
      scope = rootByFolder.get(folder) ?? packageRoot(folder);
      rootByFolder.set(folder, scope);
    }
    const key = `${context.conditions?.join(',')}\0${scope}\0${specifier}`;
    const known = bareResolutions.get(key);
    if (known !== undefined) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    bareResolutions.set(key, resolved);
    return resolved;
  },
});
