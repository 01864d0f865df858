import { z } from 'zod';

/**
 * GET /api/payments/mode: whether the store's payments take money. `testPayments` is true when a
 * test key or a provider double is configured (development, the tests, a demo run with
 * ALLOW_PAYMENT_DOUBLES=1): every page of both apps then says "no money is taken".
 */
export const PaymentMode = z
  .object({ testPayments: z.boolean() })
  .meta({ id: 'PaymentMode', description: 'Whether the store takes real money.' });
export type PaymentMode = z.infer<typeof PaymentMode>;

/**
 * How the storefront and the back office ask (their layouts show the banner when this is true): the
 * gateway decides, from the keys and providers it charges with (docs/security.md "Payment
 * doubles"). Fixed for the life of the gateway, so Next.js caches the answer a minute. A gateway
 * that does not answer shows no banner: it takes no payment either way, and a live store must not
 * claim to be a test during a blip.
 */
export async function readTestPayments(gatewayUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${gatewayUrl}/api/payments/mode`, {
      // Next.js's own fetch option (the apps' RequestInit knows it; plain fetch ignores it).
      next: { revalidate: 60 },
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    } as RequestInit);
    if (!res.ok) throw new Error(`GET /api/payments/mode: ${res.status}`);
    return PaymentMode.parse(await res.json()).testPayments;
  } catch (error) {
    console.warn('payment mode unavailable; no test-payments banner', error);
    return false;
  }
}
