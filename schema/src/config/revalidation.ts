import { ConfigError, type RunMode } from './env';

/**
 * The bearer the gateway sends to the storefront's `POST /revalidate/catalogue` (which drops the
 * cached catalogue, content and settings). Outside production both sides default to it; production
 * refuses it.
 */
export const DEV_REVALIDATE_SECRET = 'dev-revalidate-secret';

/** The shortest secret production accepts: 32 characters, as for the session and lead-link secrets. */
export const MIN_REVALIDATE_SECRET_LENGTH = 32;

/**
 * REVALIDATE_SECRET as both processes read it (the one rule: gateway/src/config.ts,
 * web/lib/config.ts; docs/security.md). Outside production: the value, else the development
 * default. In production: null when unset (the storefront then refuses every call and the gateway
 * may not be given storefronts to tell); a value that is the development default or shorter than
 * 32 characters stops the process, since whoever knows it can empty the storefront's cache at will.
 */
export function revalidateSecretOf(
  processName: string,
  mode: RunMode,
  value: string | undefined,
): string | null {
  if (mode !== 'production') return value || DEV_REVALIDATE_SECRET;
  if (!value) return null;
  if (value === DEV_REVALIDATE_SECRET || value.length < MIN_REVALIDATE_SECRET_LENGTH) {
    throw new ConfigError(
      `${processName}: REVALIDATE_SECRET must be at least ${MIN_REVALIDATE_SECRET_LENGTH} characters, and not the development value, in production`,
    );
  }
  return value;
}
