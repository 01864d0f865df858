import { forwardedHeaders } from '@qahwa/schema/proxy';
import { isLocale, LOCALE_COOKIE } from '@qahwa/schema/reference';
import { type NextRequest, NextResponse } from 'next/server';
import { storefrontPolicy } from './analytics/content-security-policy';
import { webConfig } from './lib/config';

/**
 * The shopper API, and nothing else, by method and path: the storefront forwards these to the
 * gateway. The back-office API and staff sign-in are reached through the admin app only, so a
 * storefront page (or a script injected into one) has no door to them. A new shopper endpoint
 * is added here on purpose.
 */
const SHOPPER_API: ReadonlyArray<readonly [methods: readonly string[], path: RegExp]> = [
  [['GET', 'HEAD'], /^\/api\/products(?:\/[^/]+)?$/],
  [['POST'], /^\/api\/shipping\/calculate$/],
  [['POST'], /^\/api\/promotions\/validate$/],
  // The promotions in force (the summary prices automatic ones); the full list needs a staff session.
  [['GET', 'HEAD'], /^\/api\/promotions$/],
  [['GET', 'HEAD'], /^\/api\/recommendations$/],
  [['GET', 'HEAD'], /^\/api\/content\/(?:fomo-offers|sliders|texts)$/],
  [['GET', 'HEAD'], /^\/api\/categories$/],
  // The store's public settings (staff's): contact details, the shipping fallback, pay later's range, tracking ids.
  [['GET', 'HEAD'], /^\/api\/settings$/],
  [['GET', 'HEAD', 'POST'], /^\/api\/products\/[^/]+\/reviews$/],
  [['POST'], /^\/api\/products\/[^/]+\/views$/],
  [['POST'], /^\/api\/contact$/],
  [['POST'], /^\/api\/newsletter$/],
  // "Notify me when it's back" on a sold-out option (docs/back-in-stock.md).
  [['POST'], /^\/api\/back-in-stock$/],
  // The newsletter's e-mailed links (docs/crm.md): the confirmation's press and the unsubscribe's.
  [['POST'], /^\/api\/newsletter\/(?:confirm|unsubscribe)$/],
  [['POST'], /^\/api\/orders$/],
  // The guest's order tracking (docs/order-tracking.md): the lookup, a new link by e-mail, the
  // order's page and its documents under the signed token.
  [['POST'], /^\/api\/orders\/track(?:\/link)?$/],
  [['GET', 'HEAD'], /^\/api\/orders\/track\/[^/]+(?:\/documents\/[^/]+)?$/],
  [['POST'], /^\/api\/create-payment-intent$/],
  [['POST'], /^\/api\/payments\/tabby$/],
  // The shopper back from Tabby: the return (signals the workflow) and polling its answer.
  [['POST'], /^\/api\/payments\/tabby\/[^/]+\/return$/],
  [['GET', 'HEAD'], /^\/api\/payments\/tabby\/[^/]+$/],
  [['PATCH'], /^\/api\/leads$/],
  [['POST'], /^\/api\/leads\/cart-abandonment$/],
  // The cart counted as left was bought after all (docs/leads.md): its random id only.
  [['POST'], /^\/api\/leads\/cart-ordered$/],
  // Staff's uploaded pictures on the gateway's disk (content-addressed names only; uploading is the admin app's).
  [['GET', 'HEAD'], /^\/api\/uploads\/files\/[a-f0-9]{64}\.(?:jpg|png|webp|avif)$/],
  // A delivered order's returns under its tracking token: the list, a request, and the request's photo.
  [['GET', 'HEAD', 'POST'], /^\/api\/orders\/track\/[^/]+\/returns$/],
  [['POST'], /^\/api\/orders\/track\/[^/]+\/returns\/photo$/],
];

export function isShopperApi(method: string, pathname: string): boolean {
  return SHOPPER_API.some(([methods, path]) => methods.includes(method) && path.test(pathname));
}

/**
 * The browser calls /api/* on its own origin; the shopper API is forwarded to the gateway (read
 * at run time from the config, unlike next.config rewrites, which a build freezes). The gateway
 * is told the client's address as our trusted hops saw it, never what the browser claims, and
 * gets only the language cookie.
 */
export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  if (request.method === 'POST' && request.nextUrl.pathname === UNSUBSCRIBE_PAGE) return oneClick(request);
  const { pathname, searchParams } = request.nextUrl;
  if (searchParams.has('lang') && LANGUAGE_LINK_PAGES.some((page) => pathname.startsWith(page))) {
    return linkLanguage(request);
  }
  return request.nextUrl.pathname.startsWith('/api/') ? apiProxy(request) : withPolicy();
}

/**
 * The unsubscribe link of our marketing mail is this page, and its List-Unsubscribe header names
 * the same URL (RFC 8058): a GET shows the page with its button, a mailbox provider's one-click
 * POST goes to the gateway's unsubscribe with the link's token (docs/crm.md).
 */
const UNSUBSCRIBE_PAGE = '/newsletter/unsubscribe';

function oneClick(request: NextRequest): NextResponse {
  return NextResponse.rewrite(
    new URL(`/api/newsletter/unsubscribe${request.nextUrl.search}`, webConfig.gatewayUrl),
    {
      request: {
        headers: forwardedHeaders(request.headers, webConfig.trustedProxyHops, { onlyLocaleCookie: true }),
      },
    },
  );
}

/**
 * The links of our e-mails carry the mail's language (`?lang=ar`): an order e-mail's tracking page
 * (docs/order-tracking.md) and a back-in-stock alert's product (docs/back-in-stock.md) open in it,
 * and the choice is saved as the language switcher saves it.
 */
const LANGUAGE_LINK_PAGES = ['/orders/track/', '/product/'];

function linkLanguage(request: NextRequest): NextResponse {
  const lang = request.nextUrl.searchParams.get('lang');
  const url = request.nextUrl.clone();
  url.searchParams.delete('lang');
  const res = NextResponse.redirect(url, 303);
  if (isLocale(lang)) {
    res.cookies.set(LOCALE_COOKIE, lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
  }
  return res;
}

/** The /api/* half of the proxy (synchronous: no page policy to read). */
export function apiProxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (!isShopperApi(request.method, pathname)) {
    return NextResponse.json(
      { success: false, error: 'Not found', code: 'NOT_FOUND', requestId: '' },
      { status: 404 },
    );
  }
  return NextResponse.rewrite(new URL(`${pathname}${search}`, webConfig.gatewayUrl), {
    request: {
      headers: forwardedHeaders(request.headers, webConfig.trustedProxyHops, { onlyLocaleCookie: true }),
    },
  });
}

/**
 * Pages get the Content-Security-Policy here, at run time, so the tracking ids staff set allow
 * their providers' hosts (analytics/content-security-policy.ts); next.config.ts sets the others.
 */
async function withPolicy(): Promise<NextResponse> {
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', await storefrontPolicy());
  return response;
}

// Every page and /api; not the build's static files (no policy needed, and they must stay fast),
// nor the scripts served by routes (Tabby's promo loader, the Stripe.js double): a policy governs
// a document, not a script, and on the product page the header was 0.75 KB of the promo script's
// count against the 150 KB per route (docs/performance.md).
export const config = {
  matcher: [
    '/api/:path*',
    '/((?!_next/static|_next/image|favicon\\.ico|icon\\.svg|payments/tabby/promo\\.js$|payments/stripe-double/stripe\\.js$).*)',
  ],
};
