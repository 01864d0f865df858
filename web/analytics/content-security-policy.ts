import { securityHeaders } from '@qahwa/schema/proxy';
import { webConfig } from '@/lib/config';

/**
 * The storefront's Content-Security-Policy with the tracking ids staff set (Tracking screen,
 * docs/settings.md): each set id allows its provider's hosts, nothing else does — the rule of
 * schema/proxy/security-headers.ts, now fed at run time instead of from the build's environment.
 * proxy.ts sets it on every page. The ids are read from the gateway's public settings at most
 * every REFRESH_MS (a page never waits for it after the first), so a change applies within seconds
 * on every storefront instance without a revalidation call; when the gateway cannot be read the
 * last known ids stay (none before the first read: tracking blocked rather than widened).
 */
const REFRESH_MS = 5_000;
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';

interface Ids {
  gtmId?: string | undefined;
  metaPixelId?: string | undefined;
}
let current: { policy: string; at: number } | null = null;
let loading: Promise<void> | null = null;

export function policyFor(ids: Ids): string {
  const csp = securityHeaders(mode, ids, { stripe: true, tabby: true }).find(
    (h) => h.key === 'Content-Security-Policy',
  );
  return csp?.value ?? "default-src 'self'";
}

async function load(): Promise<void> {
  try {
    const res = await fetch(`${webConfig.gatewayUrl}/api/settings`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(2_000),
    });
    if (!res.ok) throw new Error(`GET /api/settings: ${res.status}`);
    const body = (await res.json()) as { tracking?: { gtmId?: string | null; metaPixelId?: string | null } };
    current = {
      policy: policyFor({
        gtmId: body.tracking?.gtmId ?? undefined,
        metaPixelId: body.tracking?.metaPixelId ?? undefined,
      }),
      at: Date.now(),
    };
  } catch (error) {
    console.warn('tracking ids unavailable for the CSP, keeping the last known policy', error);
    current = { policy: current?.policy ?? policyFor({}), at: Date.now() };
  }
}

/** The policy for a page response: the cached one, refreshed in the background once it is old. */
export async function storefrontPolicy(): Promise<string> {
  if (!current) {
    loading ??= load().finally(() => {
      loading = null;
    });
    await loading;
  } else if (Date.now() - current.at > REFRESH_MS && !loading) {
    loading = load().finally(() => {
      loading = null;
    });
  }
  return current?.policy ?? policyFor({});
}
