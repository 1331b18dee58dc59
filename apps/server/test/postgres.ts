import pg from 'pg';
import { TEST_DATABASE_URL } from './env.ts';

/** Runs `run` on an admin connection to the PostgreSQL server of TEST_DATABASE_URL. */
export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL pointing at another database of the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL ?? 'postgres://localhost');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the server of TEST_DATABASE_URL has a database `name`. */
export const databaseExists = (name: string) =>
  withAdmin(async (admin) =>
    Boolean((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount),
  );
