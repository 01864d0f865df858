import { webConfig } from '@/lib/config';
import { externalLoaderScript, promoScriptSource, promoSettingsScript } from '@/payments/tabby-promo-script';

export const dynamic = 'force-dynamic';

const HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  // The settings change only with a restart; a short cache spares repeat visits the request.
  'Cache-Control': 'public, max-age=300',
};

/** The relayed body, kept a minute: every product page asks for it. */
let relayed: { url: string; body: string; at: number } | null = null;

async function relay(url: string): Promise<string | null> {
  if (relayed && relayed.url === url && Date.now() - relayed.at < 60_000) return relayed.body;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000), cache: 'no-store' });
    if (!res.ok) return null;
    relayed = { url, body: await res.text(), at: Date.now() };
    return relayed.body;
  } catch {
    return null;
  }
}

/** Tabby's promo script with this store's settings (web/payments/tabby-promo-script.ts). */
export async function GET() {
  const { publicKey, merchantCode, promoScriptUrl } = webConfig.tabby;
  const settings = promoSettingsScript({ publicKey, merchantCode });
  const source = promoScriptSource(promoScriptUrl);
  if (source.kind === 'external')
    return new Response(settings + externalLoaderScript(source.url), { headers: HEADERS });
  const body = await relay(source.url);
  // No widget is better than a broken page: the storefront works the same without it.
  if (body === null)
    return new Response('/* the pay-later promo script is unavailable */\n', {
      status: 503,
      headers: { ...HEADERS, 'Cache-Control': 'no-store' },
    });
  return new Response(`${settings}${body}\n`, { headers: HEADERS });
}
