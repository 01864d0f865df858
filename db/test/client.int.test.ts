import { createServer, type Server, type Socket } from 'node:net';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/client';

const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

describe('every Postgres connection is bounded in time', () => {
  // A server that accepts the connection and then says nothing: a database stuck or a network gone quiet.
  let silent: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up connecting after the connect timeout', async () => {
    const handle = createDb(`postgres://qahwa:qahwa@127.0.0.1:${port}/qahwa`, { connectTimeoutMs: 300 });
    const started = Date.now();
    await expect(handle.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/timeout/i) }),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    await handle.close();
  });

  it('has the server cancel a statement that runs past the statement timeout', async () => {
    const handle = createDb(DATABASE_URL, { statementTimeoutMs: 200 });
    const started = Date.now();
    await expect(handle.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The pool is still usable afterwards.
    await expect(handle.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await handle.close();
  });

  it('applies the default timeouts when none are given', async () => {
    const handle = createDb(DATABASE_URL);
    const { rows } = await handle.db.execute<{ statement_timeout: string; idle: string }>(
      sql`select current_setting('statement_timeout') as statement_timeout,
                 current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]).toEqual({ statement_timeout: '15s', idle: '30s' });
    await handle.close();
  });
});
