import { revalidateTag } from 'next/cache';
import { CATALOGUE_TAG, CONTENT_TAG } from '@/lib/catalogue';
import { webConfig } from '@/lib/config';
import { bearerMatches } from '@/lib/revalidation';
import { SETTINGS_TAG } from '@/lib/settings';

/**
 * Called by the gateway after it rebuilt its catalogue on a CatalogueChanged: every cached
 * catalogue fetch expires now (`expire: 0`, not the stale-while-revalidate of a profile), so
 * the next page reads the new stock and prices. The storefront needs no NATS client for it.
 */
export async function POST(request: Request): Promise<Response> {
  if (!bearerMatches(request.headers.get('authorization'), webConfig.revalidateSecret)) {
    return new Response(null, { status: 401 });
  }
  revalidateTag(CATALOGUE_TAG, { expire: 0 });
  // Staff's content changes (banner, sliders, texts) come the same way (CatalogueChanged 'content').
  revalidateTag(CONTENT_TAG, { expire: 0 });
  // And the store's settings (SettingsChanged, when staff save them): footer, contact page, cart nudge, tracking ids.
  revalidateTag(SETTINGS_TAG, { expire: 0 });
  return new Response(null, { status: 204 });
}
