/**
 * The storefront's tracking settings (SPEC 1: analytics and ad-pixel ids) and the outside hosts
 * each one needs. Pure: the storefront's loader and the Content-Security-Policy of
 * `proxy/security-headers.ts` read the same rule, so a host is allowed exactly when its id is set.
 */
export interface TrackingIds {
  /** Google Tag Manager container, `GTM-XXXXXXX` (it reads `window.dataLayer`). */
  gtmId?: string | undefined;
  /** Meta (Facebook) pixel id, digits only. */
  metaPixelId?: string | undefined;
}

export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const META_PIXEL_ID_PATTERN = /^\d{6,20}$/;

/** Only well-formed ids count: anything else would be written into a script URL. */
export function validTrackingIds(ids: TrackingIds): TrackingIds {
  return {
    gtmId: ids.gtmId && GTM_ID_PATTERN.test(ids.gtmId) ? ids.gtmId : undefined,
    metaPixelId: ids.metaPixelId && META_PIXEL_ID_PATTERN.test(ids.metaPixelId) ? ids.metaPixelId : undefined,
  };
}

export interface TrackingHosts {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

/** The origins the browser must reach for the ids that are set; none when no id is set. */
export function trackingHosts(input: TrackingIds): TrackingHosts {
  const ids = validTrackingIds(input);
  const hosts: TrackingHosts = { script: [], connect: [], img: [], frame: [] };
  if (ids.gtmId) {
    hosts.script.push('https://www.googletagmanager.com');
    hosts.connect.push(
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
    hosts.img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    // GTM's noscript fallback and preview mode use an iframe.
    hosts.frame.push('https://www.googletagmanager.com');
  }
  if (ids.metaPixelId) {
    hosts.script.push('https://connect.facebook.net');
    hosts.connect.push('https://www.facebook.com', 'https://connect.facebook.net');
    hosts.img.push('https://www.facebook.com');
  }
  return hosts;
}
