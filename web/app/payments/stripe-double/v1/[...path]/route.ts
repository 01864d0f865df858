import { webConfig } from '@/lib/config';

export const dynamic = 'force-dynamic';

/** Only what Stripe.js itself calls with a publishable key: retrieve and confirm a PaymentIntent. */
const ALLOWED: ReadonlyArray<readonly [string, RegExp]> = [
  ['GET', /^payment_intents\/pi_[A-Za-z0-9]+$/],
  ['POST', /^payment_intents\/pi_[A-Za-z0-9]+\/confirm$/],
];

/**
 * The Stripe.js double's way to the stateful Stripe double. Same origin, so the storefront's CSP
 * stays `connect-src 'self'` for it (real Stripe.js reaches api.stripe.com, which the CSP allows).
 * Answers 404 once a real publishable key is configured, and for anything but the two calls.
 */
async function relay(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const path = (await params).path.join('/');
  if (webConfig.stripePublishableKey || !ALLOWED.some(([m, re]) => m === request.method && re.test(path)))
    return Response.json(
      { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
      { status: 404 },
    );
  const url = `${webConfig.stripeDoubleUrl}/v1/${path}${new URL(request.url).search}`;
  try {
    const res = await fetch(url, {
      method: request.method,
      headers: {
        authorization: request.headers.get('authorization') ?? '',
        'content-type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded',
      },
      body: request.method === 'POST' ? await request.text() : undefined,
      cache: 'no-store',
    });
    return new Response(await res.text(), {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
    });
  } catch {
    return Response.json(
      { error: { type: 'api_connection_error', message: 'The Stripe double is not answering.' } },
      { status: 502 },
    );
  }
}

export { relay as GET, relay as POST };
