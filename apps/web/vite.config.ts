import { readFileSync } from 'node:fs';
import { paths } from '@eh/contracts/paths';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import { firstScreenStyleBlock } from './scripts/first-screen-styles.ts';
import { precompress } from './scripts/precompress.ts';
import { progressiveWebApp } from './scripts/pwa.ts';

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(`${here}/package.json`, 'utf8')) as { version: string };

/** The server (all roles on one port; `npm run dev` starts it beside Vite), on the port it is given. */
function serverProxy(port: string | undefined) {
  const target = `http://127.0.0.1:${port || 3000}`;
  return {
    '/api': { target, changeOrigin: false },
    '/idp': { target, changeOrigin: false },
    '/sync': { target, ws: true, changeOrigin: false },
  };
}

/** Fills %APP_NAME% in index.html with the configured display name (no inline script needed). */
function appNameInHtml(appName: string): Plugin {
  return {
    name: 'eh-app-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName),
  };
}

/**
 * Writes the first screens' emotion rules into the page (scripts/first-screen-styles.ts): emotion then neither
 * compiles nor inserts them as the app renders.
 */
function firstScreenStyles(): Plugin {
  return {
    name: 'eh-first-screen-styles',
    apply: 'build',
    transformIndexHtml: (html) => {
      const block = firstScreenStyleBlock();
      return block ? html.replace('</head>', `${block}</head>`) : html;
    },
  };
}

const CONTRACTS_SOURCE = /packages[\\/]contracts[\\/]src[\\/]/;
/** A feature's public face (features/<name>/index.ts): re-exports only, so free of side effects. */
const FEATURE_INDEX = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/][\w-]+[\\/]index\.ts$/;
const APP_SOURCE = /[\\/](apps[\\/]web[\\/]src|packages[\\/][\w-]+[\\/]src)[\\/]/;

/**
 * Reads of the contracts' path table (`paths.getMe` from `@eh/contracts/paths`) become the path itself at build
 * time: a module reading one path would otherwise carry the whole table (~2 kB gzip) into its chunk, the first
 * load's among them. The table stays the one place a path is written.
 */
function inlineContractPaths(): Plugin {
  const table: Readonly<Record<string, string>> = paths;
  return {
    name: 'eh-inline-contract-paths',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!APP_SOURCE.test(id) || !code.includes("'@eh/contracts/paths'")) return null;
      const inlined = code.replace(/(?<![\w$.]|typeof\s)paths\.(\w+)\b/g, (read, name: string) =>
        Object.hasOwn(table, name) ? JSON.stringify(table[name]) : read,
      );
      return inlined === code ? null : { code: inlined, map: null };
    },
  };
}

/**
 * Zod belongs to the server side of the contracts: a value imported at run time from a contracts module that
 * builds schemas drags all of zod (~45 kB gzip) into the client. Import the type and repeat the value checked by
 * the compiler instead (see features/feedback/feedback-form.ts).
 */
function noZodInBundle(): Plugin {
  return {
    name: 'eh-no-zod-in-bundle',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const zod = chunk.moduleIds.find((id) => /node_modules[\\/]zod[\\/]/.test(id));
        if (zod) this.error(`zod was bundled into ${chunk.fileName} (${zod}); import contract types, not values`);
      }
    },
  };
}

/**
 * Libraries every page needs, kept in long-cached vendor chunks; then whatever else the first load imports
 * statically (rolldown's `$initial` tag): the remaining libraries (MUI core, emotion) in one chunk and the app's
 * own modules in the entry chunk, instead of some twenty small shared chunks that each compress on their own
 * (-5 kB gzip). Everything else follows the lazy routes. Each group takes only its own modules, not their
 * static imports: `plans.ts` imports `time.ts` for a constant the minifier inlines, and taking dependencies
 * along would move all of `time.ts` into the first load (+1.1 kB).
 * `mui-common`: the MUI components that the home, calendar and symbol pages all render, with their internals, in
 * one lazy chunk. Left to automatic splitting they became some fifty 1–3 kB chunks per page, and on a phone's
 * connection (six connections, one round trip each) the queue, not the bytes, delayed the first paint.
 */
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  {
    name: 'redux',
    test: /node_modules[\\/](@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store)[\\/]/,
    priority: 30,
  },
  { name: 'mui', tags: ['$initial'], test: /node_modules[\\/]/, priority: 20, includeDependenciesRecursively: false },
  {
    name: 'index',
    tags: ['$initial'],
    // The app's own modules and packages. The boot script stays alone in the page's HTML (with Vite's preload
    // helper it calls): the rest is what it imports after the first paint.
    test: (id) => APP_SOURCE.test(id) && !id.endsWith('/src/boot.ts'),
    priority: 10,
    includeDependenciesRecursively: false,
  },
  {
    name: 'mui-common',
    test: /node_modules[\\/]@mui[\\/]material[\\/](Paper|Tabs|Tab|TabScrollButton|ButtonBase|Button|IconButton|CircularProgress|LinearProgress|Chip|Link|List|ListItem|ListItemButton|ListItemText|ListItemIcon|Alert|Skeleton|Tooltip|Popper|Grow|Fade|Portal|Divider|Avatar|Container|Stack|Table|TableBody|TableCell|TableContainer|TableHead|TableRow|ToggleButton|ToggleButtonGroup|internal|utils|transitions)[\\/]/,
    priority: 8,
  },
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, here, ['VITE_', 'PORT']);
  const appName = env.VITE_APP_NAME || 'EarningsHub';
  const proxy = serverProxy(env.PORT);
  return {
    root: here,
    plugins: [
      inlineContractPaths(),
      react(),
      appNameInHtml(appName),
      firstScreenStyles(),
      noZodInBundle(),
      progressiveWebApp(appName),
      precompress(),
    ],
    define: {
      __APP_VERSION__: JSON.stringify(pkg.version),
      // amazon-cognito-identity-js (and its Buffer polyfill) read Node's `global`.
      global: 'globalThis',
    },
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // No `<link rel=modulepreload>` for the chunks a dynamic import needs: Chromium compiles a chunk already
      // fetched as the link is inserted, on the page's thread (1–12 ms each, some 70 ms in all on a cold load
      // of the calendar, each inside a task that already ran long). Imported plainly, the chunks stream-compile
      // off the page's thread; every chunk's own imports are static, so the waterfall is one step deeper at most.
      modulePreload: false,
      rolldownOptions: {
        // The app is an entry of its own, imported by the page's boot script (src/boot.ts) after the first paint:
        // its static imports stay the first load's chunks (the `$initial` groups below).
        input: { index: `${here}/index.html`, app: `${here}/src/main.tsx` },
        // The contracts package builds zod schemas at module level. The web client takes only types from its
        // zod modules (and values from zod-free ones such as headers.ts), so its modules count as side-effect
        // free and drop out. `noZodInBundle` fails the build if zod sneaks back in.
        treeshake: {
          moduleSideEffects: (id) => (CONTRACTS_SOURCE.test(id) || FEATURE_INDEX.test(id) ? false : undefined),
        },
        output: {
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
  };
});
