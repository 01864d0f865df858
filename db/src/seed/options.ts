import { ConfigError, type RunMode, runMode } from '@qahwa/schema/config';

export const DEV_ADMIN_EMAIL = 'admin@qahwa.local';
export const DEV_ADMIN_PASSWORD = 'qahwa-admin-dev';

export interface SeedOptions {
  mode: RunMode;
  /** The store's first admin, created only while the store has none (docs/operations.md). */
  admin: { email: string; password: string };
  /** SEED_DEMO=1: the demo catalogue, promotions, reviews and content besides the bootstrap. */
  demo: boolean;
}

/**
 * The seed's settings, read from its environment once. SEED_DEMO is a switch an operator types,
 * so anything but 1/true or 0/false/empty is refused rather than guessed: a typo must not install
 * demo codes in production, nor leave a developer's store empty without saying why.
 */
export function seedOptionsOf(env: Record<string, string | undefined>): SeedOptions {
  const mode = runMode(env.NODE_ENV);
  const email = (env.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL).trim().toLowerCase();
  const password = env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  // Production unless NODE_ENV is exactly development or test: a forgotten NODE_ENV fails closed.
  if (mode === 'production' && (email === DEV_ADMIN_EMAIL || password === DEV_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Refusing to seed production with the development admin credentials: set ADMIN_EMAIL and ADMIN_PASSWORD',
    );
  }
  const flag = (env.SEED_DEMO ?? '').trim().toLowerCase();
  if (!['', '0', '1', 'false', 'true'].includes(flag)) {
    throw new ConfigError(`SEED_DEMO must be 1 (install the demo catalogue) or 0, not "${env.SEED_DEMO}"`);
  }
  return { mode, admin: { email, password }, demo: flag === '1' || flag === 'true' };
}
