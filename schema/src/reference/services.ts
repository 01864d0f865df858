/**
 * Where the local services answer when nothing says otherwise: the ports `scripts/services.sh`
 * starts them on. Written once here; every process's config module and every test, bench and
 * end-to-end harness takes its default from this table. No zod, no I/O, so any module may import it.
 */
export const SERVICE_DEFAULTS = {
  databaseUrl: 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa',
  /** The database tests use; `scripts/db.sh test` recreates it. */
  testDatabaseUrl: 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test',
  natsUrl: 'nats://127.0.0.1:4222',
  temporalAddress: '127.0.0.1:7233',
  temporalNamespace: 'default',
  gatewayUrl: 'http://127.0.0.1:4000',
  stripeApiBase: 'http://127.0.0.1:12111',
} as const;
