import { hash } from '@node-rs/argon2';
import { MENU_MODULES } from '@qahwa/schema';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import { users, variationBeans, variationSizes, variationTypes } from '../schema';
import { BEANS, SIZES, TYPES } from './lookups';

/**
 * What every store needs before its first sign-in, on every deploy (docs/operations.md): the
 * first admin and the variation lookup lists. Nothing here sells anything: no category, product,
 * promotion, review or page text (those are the demo's, SEED_DEMO=1). The emirates and cities
 * are code (schema/src/reference/emirates.ts) and the store's settings — shipping, pay later, the
 * anniversary sale (off, 2025-09-01 to 2025-12-31) — read as DEFAULT_SETTINGS while their row is
 * missing, so a new store has them without a row being written.
 *
 * Each part writes only into an empty place, so a second run changes nothing and no deploy undoes
 * what staff did since: a renamed weight is not added back, a password change stays.
 */
export async function bootstrapStore(tx: Tx, admin: { email: string; password: string }): Promise<void> {
  if (await isEmpty(tx, variationSizes)) await tx.insert(variationSizes).values([...SIZES]);
  if (await isEmpty(tx, variationTypes)) await tx.insert(variationTypes).values([...TYPES]);
  if (await isEmpty(tx, variationBeans)) await tx.insert(variationBeans).values([...BEANS]);
  await createFirstAdmin(tx, admin);
}

async function isEmpty(tx: Tx, table: PgTable): Promise<boolean> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * The first admin, only while the store has no ADMIN account at all. Once one exists nothing here
 * runs again: not a password reset on an existing account (a deploy must not hand it back to
 * whoever knows ADMIN_PASSWORD), not a second admin when the owner changed the first one's e-mail.
 */
async function createFirstAdmin(tx: Tx, admin: { email: string; password: string }): Promise<void> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (existing) return;
  await tx
    .insert(users)
    .values({
      email: admin.email,
      name: 'Store Admin',
      passwordHash: await hash(admin.password),
      role: 'ADMIN',
      permissions: MENU_MODULES.map((module) => ({ module, canView: true })),
    })
    .onConflictDoNothing({ target: users.email });
}
