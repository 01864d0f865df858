import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature (docs.stripe.com/webhooks#verify-manually): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the
 * endpoint's signing secret>`. Exported so a test can sign a payload as Stripe would, or forge
 * one (another secret, an old timestamp, a body changed after signing).
 */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
