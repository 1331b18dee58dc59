import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(`${here}/package.json`, 'utf8')) as { version: string };

/** The embedded server (all roles on one port); `npm run dev` starts it beside Vite. */
const SERVER = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: SERVER, changeOrigin: false },
  '/idp': { target: SERVER, changeOrigin: false },
  '/sync': { target: SERVER, ws: true, changeOrigin: false },
};

/** Fills %APP_NAME% in index.html with the configured display name (no inline script needed). */
function appNameInHtml(appName: string): Plugin {
  return {
    name: 'eh-app-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName),
  };
}

const CONTRACTS_SOURCE = /packages[\\/]contracts[\\/]src[\\/]/;

/** Libraries every page needs, kept in long-cached vendor chunks; everything else follows the lazy routes. */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  {
    name: 'redux',
    test: /node_modules[\\/](@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store)[\\/]/,
    priority: 30,
  },
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, here, 'VITE_');
  const appName = env.VITE_APP_NAME || 'EarningsHub';
  return {
    root: here,
    plugins: [react(), appNameInHtml(appName)],
    define: {
      __APP_VERSION__: JSON.stringify(pkg.version),
    },
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rolldownOptions: {
        // The contracts package builds zod schemas at module level; the web bundle takes only its constants (and
        // types), so its modules count as side-effect free and zod stays out of the bundle.
        treeshake: {
          moduleSideEffects: (id) => (CONTRACTS_SOURCE.test(id) ? false : undefined),
        },
        output: {
          codeSplitting: { groups: VENDOR_GROUPS },
        },
      },
    },
  };
});
