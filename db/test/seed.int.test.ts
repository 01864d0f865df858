import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/client';
import { users } from '../src/schema';
import { seed } from '../src/seed';
import { resetDatabase } from '../src/testing';

const url = process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test';
let handle: DbHandle;
beforeAll(async () => {
  handle = createDb(url);
  await resetDatabase(handle.db, { email: 'owner@qahwa.local', password: 'first-password' });
});
afterAll(async () => handle?.close());

describe('the seed and the admin account', () => {
  it('never resets an existing admin’s password or role when it runs again', async () => {
    const { hash } = await import('@node-rs/argon2');
    await handle.db
      .update(users)
      .set({ passwordHash: await hash('changed-by-the-owner'), role: 'STAFF' })
      .where(eq(users.email, 'owner@qahwa.local'));
    await seed(handle.db, {
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'owner@qahwa.local',
      ADMIN_PASSWORD: 'first-password',
    });
    const [row] = await handle.db.select().from(users).where(eq(users.email, 'owner@qahwa.local'));
    expect(row?.role).toBe('STAFF');
    expect(await verify(row!.passwordHash, 'changed-by-the-owner')).toBe(true);
  });

  it.each([[{}], [{ NODE_ENV: 'staging' }]])(
    'refuses the development admin unless NODE_ENV says development or test: %o',
    async (env) => {
      await expect(seed(handle.db, env)).rejects.toThrow(/development admin credentials/);
    },
  );
});
