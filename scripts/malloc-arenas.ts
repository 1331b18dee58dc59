/**
 * Decision 0050: glibc gives every thread that allocates a malloc arena of its own, up to 8 per core, and an arena a
 * thread left fragmented stays resident: the database's thread, the history fill's and V8's helpers left 13 of them,
 * about 140 MB, after a first start. Two arenas are enough for a process whose work is one event loop and two
 * threads. Decision 0055: an allocation of 128 kB or more is mapped on its own and given back when freed, and free
 * memory at the top of an arena over 128 kB is given back. glibc otherwise raises its mapping threshold up to 32 MB
 * as large buffers come and go (query results passed between threads), and what they leave in the arenas stays
 * resident: about 35-50 MB at rest. These settings are read when the process starts, so on Linux `npm start` runs
 * itself again, once, with them set; it costs the start one more bootstrap of Node and its TypeScript loader (about
 * 0.4 s measured). Imported first by scripts/start.ts.
 */
const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(128 * 1024),
};

if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function'
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...MALLOC_SETTINGS,
  });
}
