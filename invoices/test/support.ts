import { randomUUID } from 'node:crypto';
import { createDb, createSettingsRepository, type Db, type DbHandle } from '@qahwa/db';
import { placedOrder, type TestOrder } from '@qahwa/db/testing';

export function testDb(poolSize = 10): DbHandle {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a test database');
  // 200 transactions queue for the pool's connections (and then for the counter's row lock) on a
  // busy shared machine: waiting for a connection is not what the tests are about.
  return createDb(url, { max: poolSize, connectTimeoutMs: 60_000, applicationName: 'invoices-test' });
}

/** A placed order of a shopper of its own (the anti-hoarding limit counts orders per phone and e-mail). */
export function orderOf(db: Db, provider: TestOrder['provider'], extra: Partial<TestOrder> = {}) {
  const id = randomUUID().slice(0, 8);
  return placedOrder(db, {
    provider,
    customer: {
      fullName: 'مريم الهاشمي',
      email: `m-${id}@example.com`,
      phone: `+9715${Math.floor(1e7 + Math.random() * 9e7)}`,
    },
    locale: 'ar',
    ...extra,
  });
}

/** Sets the store's VAT registration as staff would on the Settings screen. */
export async function setRegistered(db: Db, registered: boolean): Promise<void> {
  const settings = createSettingsRepository(db);
  const current = (await settings.read()).vat;
  const saved = await settings.save(
    'vat',
    { expectedVersion: current.version, value: { ...current.value, registered } },
    { actor: { id: null, email: 'staff@qahwa.local' } },
  );
  if (!saved.ok) throw new Error('vat setting changed under the test');
}
