import { sql } from 'drizzle-orm';
import { createDb, type Db } from './client';
import { bootstrapStore } from './seed/bootstrap';
import { PRODUCTS } from './seed/catalogue-data';
import { seedDemoStore } from './seed/demo';
import { seedOptionsOf } from './seed/options';

export { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from './seed/options';

/**
 * Every deploy runs this (docs/operations.md). Always the production bootstrap (the first admin,
 * the variation lookups); the demo store besides only with SEED_DEMO=1. Both write only what is
 * missing, so running it twice changes nothing and a deploy never undoes staff's work.
 */
export async function seed(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<{ demo: boolean }> {
  const options = seedOptionsOf(env);
  await db.transaction(async (tx) => {
    // Two deploys starting at once (two replicas' one-shots) take turns instead of racing on the
    // "is it empty" checks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qahwa.seed'))`);
    await bootstrapStore(tx, options.admin);
    if (options.demo) await seedDemoStore(tx);
  });
  return { demo: options.demo };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handle = createDb();
  seed(handle.db)
    .then(({ demo }) =>
      console.log(
        demo
          ? `seeded: bootstrap and the demo store (${PRODUCTS.length} products)`
          : 'seeded: bootstrap only (SEED_DEMO=1 adds the demo store)',
      ),
    )
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => handle.close());
}
