/**
 * How the embedded database is started, on the server's thread or in its own.
 *
 * Postgres's defaults suit a server with memory to spare. Embedded, shared buffers live in the WebAssembly memory,
 * which only grows: 128 MB of buffers kept the process about 50 MB larger for good, while the data's working set is
 * read from files the system caches anyway. The write-ahead log may reach 1 GB between checkpoints by default and
 * keeps 80 MB of used segments for reuse: seeding the demo history left 300 MB of it in the data folder. Held to
 * 32 MB, Postgres checkpoints as the fill goes. Given on the command line, these settings override what an older data
 * folder's postgresql.auto.conf says.
 *
 * Decision 0050: a used segment of the log is removed at a checkpoint rather than kept for reuse (`wal_recycle`), and
 * a new folder's segments are 1 MB rather than 16: at rest the log is one segment, 1 MB instead of 32. Index builds
 * sort in at most 16 MB of the WebAssembly memory, which never gives back what it grew to.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS = '32MB';
export const PGLITE_WAL_SIZE = '32MB';
/** What initdb is given: it fixes the log's segment size for the folder's life. */
export const PGLITE_INITDB_PARAMS: readonly string[] = ['--wal-segsize=1'];

export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
    '-c',
    `min_wal_size=${PGLITE_WAL_SIZE}`,
    '-c',
    `max_wal_size=${PGLITE_WAL_SIZE}`,
    '-c',
    'wal_recycle=off',
    '-c',
    'maintenance_work_mem=16MB',
  ],
  initDbStartParams: [...PGLITE_INITDB_PARAMS],
};
