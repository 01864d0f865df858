/**
 * Runs once when the storefront's server starts (Next waits for it before taking requests): the
 * settings are read now, and one production refuses (the development revalidation secret, a
 * malformed URL) ends `next start` with the ConfigError naming it. Left to Next, the error is only
 * logged and every page answers 500 from a server that looks alive; ending it is what the gateway
 * and the workers do, and what a supervisor notices.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  try {
    await import('./lib/config');
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
