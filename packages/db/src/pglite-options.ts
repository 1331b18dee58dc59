/**
 * How the embedded database is started, on the server's thread or in its own.
 *
 * Postgres's defaults suit a server with memory to spare. Embedded, shared buffers live in the WebAssembly memory,
 * which only grows: 128 MB of buffers kept the process about 50 MB larger for good, while the data's working set is
 * read from files the system caches anyway. The write-ahead log may reach 1 GB between checkpoints by default and
 * keeps 80 MB of used segments for reuse: seeding the demo history left 300 MB of it in the data folder. Held to
 * 32 MB (two 16 MB segments, Postgres's floor), Postgres checkpoints and recycles as the fill goes. Given on the command
 * line, these settings override what an older data folder's postgresql.auto.conf says.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS = '32MB';
export const PGLITE_WAL_SIZE = '32MB';

export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
    '-c',
    `min_wal_size=${PGLITE_WAL_SIZE}`,
    '-c',
    `max_wal_size=${PGLITE_WAL_SIZE}`,
  ],
};
