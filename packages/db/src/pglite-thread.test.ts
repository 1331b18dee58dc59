import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, connectOverPort, type DatabaseHandle } from './connection.ts';
import { openThreadEarly, ThreadedPGlite } from './pglite-thread.ts';
import { rowsOf } from './rows.ts';

describe(ThreadedPGlite.name, () => {
  let database: DatabaseHandle;
  /** The client under drizzle (drizzle keeps it as `$client`). */
  const client = () => (database.db as unknown as { $client: ThreadedPGlite }).$client;
  // A database thread starts PGlite's WebAssembly: 1 s on a quiet machine, over 10 s on a loaded one.
  beforeAll(async () => {
    database = await connectDatabase({ dataDir: 'memory://', thread: true });
    await database.db.execute(sql`create table things (id int primary key, name text not null)`);
  }, 60_000);

  it('answers as PGlite does, dates and times left as text as drizzle asks', async () => {
    const { rows, fields } = await client().query(
      `select 1::int4 as n, '2026-11-27'::date as d, '2026-11-27T10:00:00Z'::timestamptz as at,
        '{"a":[1]}'::jsonb as j, $1::text as t`,
      ['x'],
      { rowMode: 'object' },
    );
    expect(rows).toEqual([{ n: 1, d: '2026-11-27', at: '2026-11-27 10:00:00+00', j: { a: [1] }, t: 'x' }]);
    expect(fields).toEqual([
      { name: 'n', dataTypeID: 23 },
      { name: 'd', dataTypeID: 1082 },
      { name: 'at', dataTypeID: 1184 },
      { name: 'j', dataTypeID: 3802 },
      { name: 't', dataTypeID: 25 },
    ]);
  });

  it('commits a transaction that ends, rolls back one that throws and a savepoint that throws inside one', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values (1, 'kept')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into things values (2, 'undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values (3, 'kept too')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into things values (4, 'undone')`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    const names = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from things order by id`));
    expect(names).toEqual([
      { id: 1, name: 'kept' },
      { id: 3, name: 'kept too' },
    ]);
  });

  it("hands on the database's error with its fields (a unique violation's code and constraint)", async () => {
    const failure = await database.db.execute(sql`insert into things values (1, 'again')`).then(
      () => null,
      (error: unknown) => error,
    );
    expect((failure as { cause?: unknown }).cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "things_pkey"',
      code: '23505',
      constraint: 'things_pkey',
    });
  });

  it('shares the database over a port: its transactions take turns with this side, and one left open is undone', async () => {
    const { db } = database;
    const share = database.share;
    if (!share) throw new Error('a threaded database shares a port');
    const other = connectOverPort(await share());
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values (10, 'from the other side')`);
    });
    // A transaction the other side leaves open when its port closes (its thread ended) is rolled back.
    const holding = ThreadedPGlite.overPort(await share());
    let held!: () => void;
    const stop = new Promise<void>((resolve) => {
      held = resolve;
    });
    const abandoned = holding
      .transaction(async (tx) => {
        await tx.query(`insert into things values (11, 'abandoned')`);
        held();
        await new Promise(() => {});
      })
      .catch(() => {});
    await stop;
    await holding.close();
    void abandoned;
    const names = rowsOf<{ id: number }>(await db.execute(sql`select id from things where id >= 10 order by id`));
    expect(names).toEqual([{ id: 10 }]);
    await other.close();
  });

  it("runs this side's statements one after another before the other side's next transaction begins", async () => {
    const { db } = database;
    const share = database.share;
    if (!share) throw new Error('a threaded database shares a port');
    await db.execute(sql`create table turns (n serial primary key, who text not null)`);
    const other = connectOverPort(await share());
    // The other side (a history fill) writes in transactions back to back, each some milliseconds of work.
    let stopping = false;
    let began!: () => void;
    const busy = new Promise<void>((resolve) => {
      began = resolve;
    });
    const fill = (async () => {
      for (let round = 0; !stopping; round += 1) {
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`insert into turns (who) values ('fill')`);
          await tx.execute(sql`select count(*) from generate_series(1, 100000)`);
        });
        if (round === 2) began();
      }
    })();
    await busy;
    // A page's handler: statements one after another, each sent once the last one answered.
    for (let i = 0; i < 8; i += 1) await db.execute(sql`insert into turns (who) values ('page')`);
    stopping = true;
    await fill;
    await other.close();
    const order = rowsOf<{ who: string }>(await db.execute(sql`select who from turns order by n`)).map((r) => r.who);
    const first = order.indexOf('page');
    const last = order.lastIndexOf('page');
    // Without the turn-taking a fill transaction comes between each two of the page's statements (7, 6 seen); with it,
    // the one already under way at most, and one more for each pause of this thread longer than the quiet window
    // (a loaded machine's): fewer than half the gaps.
    expect(order.slice(first, last + 1).filter((who) => who === 'fill').length).toBeLessThanOrEqual(3);
  });

  it('refuses statements once closed', async () => {
    const threaded = client();
    await database.close();
    expect(threaded.closed).toBe(true);
    await expect(threaded.query('select 1')).rejects.toThrow('the database is closed');
  });
});

describe(openThreadEarly.name, () => {
  it('hands its opening to the next create for the folder, once', async () => {
    const early = openThreadEarly('memory://');
    const taken = await ThreadedPGlite.create('memory://');
    const later = await ThreadedPGlite.create('memory://');
    try {
      expect(taken).toBe(await early);
      expect(later).not.toBe(taken);
      expect((await taken.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all([taken.close(), later.close()]);
    }
    // Two databases open in threads of their own: seconds on a busy machine.
  }, 30_000);
});
