/**
 * npm run dev: the server (restarted on change by node --watch) and Vite with hot reload.
 * Open the Vite URL it prints; Vite proxies /api, /idp and /sync to the server.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', '--watch-preserve-output', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@eh/web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
