import { parseEnv } from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

/**
 * The back office's settings, read from the environment once when the server starts (never at
 * build time: Next inlines only NEXT_PUBLIC_* variables, so one build serves development, the
 * end-to-end tests and Docker alike).
 *
 * Not marked `server-only` because proxy.ts imports it, and Next has repeatedly rejected
 * `server-only` in the proxy (middleware) layer. Nothing here is secret; a client component must
 * still not import it (it would see the defaults), which admin/test/config.test.ts checks.
 */
const AdminEnv = z.object({
  /** Where server components and the /api proxy reach the gateway. */
  GATEWAY_URL: z.url().default(SERVICE_DEFAULTS.gatewayUrl),
  /** How long a server component waits for the gateway before showing the "unavailable" state. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How many proxies in front of this app append to X-Forwarded-For (a TLS terminator: 1). The
   * client is that many entries from the right; anything left of it is the browser's claim.
   * 1 also fits `next start` facing browsers, which fills the header with the peer's address.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** The Temporal UI, for the order page's links to the workflows that touched an order. */
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /**
   * The storefront's origin: the seed's product pictures are its files (/images/…), which proxy.ts
   * forwards from /backend/images/* (lib/image-src.ts).
   */
  STOREFRONT_URL: z.url().default(SERVICE_DEFAULTS.storeUrl),
});

export interface AdminConfig {
  gatewayUrl: string;
  gatewayTimeoutMs: number;
  trustedProxyHops: number;
  temporalUiUrl: string;
  temporalNamespace: string;
  storefrontUrl: string;
}

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  const parsed = parseEnv('admin', AdminEnv, env);
  return {
    // Paths are appended as `${gatewayUrl}/api/...`: no trailing slash.
    gatewayUrl: parsed.GATEWAY_URL.replace(/\/+$/, ''),
    gatewayTimeoutMs: parsed.GATEWAY_TIMEOUT_MS,
    trustedProxyHops: parsed.TRUSTED_PROXY_HOPS,
    temporalUiUrl: parsed.TEMPORAL_UI_URL.replace(/\/+$/, ''),
    temporalNamespace: parsed.TEMPORAL_NAMESPACE,
    storefrontUrl: parsed.STOREFRONT_URL.replace(/\/+$/, ''),
  };
}

export const adminConfig: AdminConfig = loadAdminConfig();
export const { gatewayUrl, gatewayTimeoutMs } = adminConfig;
