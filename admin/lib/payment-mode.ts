import 'server-only';
import { PaymentMode } from '@qahwa/schema/contracts/payment-mode';
import { gatewayTimeoutMs, gatewayUrl } from './config';

/**
 * Whether the store's payments take no money (GET /api/payments/mode): the gateway decides, from
 * the keys and providers it charges with (docs/security.md "Payment doubles"). Fixed for the life
 * of the gateway, so cached a minute. A gateway that does not answer shows no banner: it takes no
 * payment either way, and a live store must not claim to be a test during a blip.
 */
export async function testPaymentsInUse(): Promise<boolean> {
  try {
    const res = await fetch(`${gatewayUrl}/api/payments/mode`, {
      next: { revalidate: 60 },
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
    if (!res.ok) throw new Error(`GET /api/payments/mode: ${res.status}`);
    return PaymentMode.parse(await res.json()).testPayments;
  } catch (error) {
    console.warn('payment mode unavailable; no test-payments banner', error);
    return false;
  }
}
