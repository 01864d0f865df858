import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES, PAYMENT_EVENTS, subjectOf } from '../src/events';

describe("the payment aggregate's events", () => {
  it('are every event published under commerce.payment.*, so its consumers parse each of them', () => {
    const published = DOMAIN_EVENT_TYPES.filter((type) => subjectOf(type).startsWith('commerce.payment.'));
    expect(Object.keys(PAYMENT_EVENTS).sort()).toEqual([...published].sort());
    for (const [type, schema] of Object.entries(PAYMENT_EVENTS)) {
      expect(schema.shape.type.value).toBe(type);
    }
  });
});
