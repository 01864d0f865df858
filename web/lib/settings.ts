import 'server-only';
import { DEFAULT_SETTINGS, formatAed, type Locale, PublicSettings } from '@qahwa/schema';
import { gatewayTimeoutMs, gatewayUrl, webConfig } from './config';

/** The tag of the cached settings fetch; app/revalidate/catalogue drops it on SettingsChanged. */
export const SETTINGS_TAG = 'settings';

/**
 * The store's settings as staff saved them (GET /api/settings, docs/settings.md): the footer's and contact
 * page's details, the tracking ids, and what the browser's rules need. Cached by Next under
 * SETTINGS_TAG until the gateway says they changed (or CATALOGUE_CACHE_SECONDS at most). A
 * gateway that does not answer leaves the page on the defaults (SPEC 9's values, no tracking)
 * rather than failing it: a shopper can still browse and buy, and the server prices the order
 * with the real settings anyway.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  try {
    const res = await fetch(`${gatewayUrl}/api/settings`, {
      next: { tags: [SETTINGS_TAG], revalidate: webConfig.catalogueCacheSeconds },
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
    if (!res.ok) throw new Error(`GET /api/settings: ${res.status}`);
    return PublicSettings.parse(await res.json());
  } catch (error) {
    console.warn('store settings unavailable, using the defaults', error);
    return DEFAULT_SETTINGS;
  }
}

/**
 * The free-shipping threshold as the home page's hero, About and Terms write it ("over AED 200.00"):
 * the store's setting, never a figure fixed in the texts, so a threshold staff change is what
 * every page promises.
 */
export async function freeShippingThresholdText(locale: Locale): Promise<string> {
  const settings = await getPublicSettings();
  return formatAed(settings.shipping.freeShippingThresholdFils, locale);
}

/**
 * The store's name in the shopper's language (Settings → Store): the header, the page titles, the
 * footer and every text that names the store read it here, so staff renaming the store renames it
 * everywhere on the next page (the settings tag is dropped on SettingsChanged).
 */
export async function storeNameText(locale: Locale): Promise<string> {
  const settings = await getPublicSettings();
  return settings.store.name[locale === 'ar' ? 'ar' : 'en'];
}
