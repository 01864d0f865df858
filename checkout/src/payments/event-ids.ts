import { createHash } from 'node:crypto';

/**
 * A uuid (version 5 layout) named by what the event is about, e.g. `PaymentSucceeded:pi_…`:
 * a retried activity or a redelivered webhook writes the same outbox id, which the outbox's
 * primary key (and JetStream's Nats-Msg-Id after it) keeps once.
 */
export function eventIdFor(name: string): string {
  const h = createHash('sha1').update(`qahwa:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
