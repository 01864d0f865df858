/**
 * Where the back office's browser loads a product or category picture from. Pure (no 'use client',
 * no config): server components (the order page, the dashboard) and client ones (the catalogue
 * forms) import this one rule.
 *
 * - `/api/…`: an upload the gateway serves (`/api/uploads/files/*`); the browser reaches the
 *   gateway as `/backend/api/*` (proxy.ts), inside the staff cookie's path.
 * - `/images/…`: the storefront's own files (the seed's packshots in web/public/images). proxy.ts
 *   forwards `/backend/images/*` to the storefront's origin (STOREFRONT_URL), so they load from our
 *   own origin and the CSP's `img-src 'self'` covers them without naming a host at build time.
 * - anything else (Cloudinary's https address, a data: preview) is loaded as it is.
 */
export const STOREFRONT_IMAGES_PATH = '/backend/images';

export function adminImageSrc(url: string): string {
  if (url.startsWith('/api/')) return `/backend${url}`;
  if (url.startsWith('/images/')) return `${STOREFRONT_IMAGES_PATH}${url.slice('/images'.length)}`;
  return url;
}
