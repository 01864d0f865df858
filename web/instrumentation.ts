/**
 * Runs once when the storefront's server starts (Next waits for it before taking requests): the
 * settings are read now, so one production refuses (the development revalidation secret, a
 * malformed URL) stops `next start` with the ConfigError naming it, instead of every page failing
 * later on its first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/config');
}
