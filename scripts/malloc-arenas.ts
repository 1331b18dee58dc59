/**
 * Decision 0050: glibc gives every thread that allocates a malloc arena of its own, up to 8 per core, and an arena a
 * thread left fragmented stays resident: the database's thread, the history fill's and V8's helpers left 13 of them,
 * about 140 MB, after a first start. Two arenas are enough for a process whose work is one event loop and two
 * threads. The limit is read when the process starts, so on Linux `npm start` runs itself again, once, with it set;
 * it costs the start one more bootstrap of Node and its TypeScript loader (about 0.4 s measured). Imported first by scripts/start.ts.
 */
const ARENAS = '2';

if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function'
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: ARENAS,
  });
}
