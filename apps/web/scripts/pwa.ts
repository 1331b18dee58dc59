import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { initialJs } from './initial-js-size.ts';

/** The theme's colours (shared/theme.ts): the brand green and the light page background. */
export const THEME_GREEN = '#1b7f4b';
export const LIGHT_BACKGROUND = '#f6f8f7';

/** The public files the installed app needs offline besides the build's own (public/icons: scripts/make-icons.ts). */
const PUBLIC_SHELL = ['/logo.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];
/** The line of public/sw.js the build fills in; the source keeps an empty build for `vite dev`. */
const BUILD_LINE = /^const BUILD = .*;$/m;

export function webManifest(appName: string) {
  return {
    name: appName,
    // Launchers cut longer names under the icon.
    short_name: appName.slice(0, 12).trim(),
    description: 'Who reports earnings and exactly when, results against estimates, live calls and transcripts.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_GREEN,
    background_color: LIGHT_BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The installable web app (docs/decisions/0029-installable-web-app.md): writes manifest.webmanifest
 * with the configured name, and fills public/sw.js's BUILD line with this build's version and the files it
 * precaches: the shell, the first load's scripts (the same walk as the budget, scripts/initial-js-size.ts) and
 * the public files above. Every other hashed asset is cached the first time it is fetched.
 */
export function progressiveWebApp(appName: string): Plugin {
  return {
    name: 'eh-progressive-web-app',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(webManifest(appName), null, 2)}\n`,
      });
    },
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const swPath = join(dir, 'sw.js');
      const source = readFileSync(swPath, 'utf8');
      if (!BUILD_LINE.test(source)) this.error('public/sw.js has no `const BUILD = …;` line to fill');
      const precache = ['/', ...initialJs(dir).files.map((row) => `/${row.file}`), ...PUBLIC_SHELL];
      // The hashed file names change with their contents; index.html carries the rest (the app's name, the head).
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(readFileSync(join(dir, 'index.html')))
        .digest('hex')
        .slice(0, 12);
      const build = JSON.stringify({ version, precache: [...new Set(precache)] });
      writeFileSync(swPath, source.replace(BUILD_LINE, `const BUILD = ${build};`));
    },
  };
}
