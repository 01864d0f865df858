import { describe, expect, it } from 'vitest';
import { InvalidEventError } from '../src/jetstream/errors';
import { parseOrderEvent } from '../src/projections/order-stats';
import { orderPlaced, orderStatusChanged, refundIssued } from './fixtures';

describe('parseOrderEvent', () => {
  it('returns the order events the projection keeps', () => {
    const placed = orderPlaced();
    const changed = orderStatusChanged(placed.data.orderId, 'new', 'processing');
    expect(parseOrderEvent(JSON.parse(JSON.stringify(placed)))).toEqual(placed);
    expect(parseOrderEvent(changed)).toEqual(changed);
  });

  it("keeps refunds, a return's and a cancelled order's (no return number)", () => {
    const placed = orderPlaced();
    const line = { productId: placed.data.items[0]!.productId, quantity: 1, refundFils: 12_500 };
    const returned = refundIssued(placed, [line]);
    const cancelled = { ...refundIssued(placed, [line], 0), data: { ...returned.data, returnNumber: null } };
    expect(parseOrderEvent(JSON.parse(JSON.stringify(returned)))).toEqual(returned);
    expect(parseOrderEvent(cancelled)).toEqual(cancelled);
  });

  it('passes over order events of other types, so they cannot block the stream', () => {
    expect(parseOrderEvent({ ...orderPlaced(), type: 'OrderRefunded' })).toBeNull();
  });

  it('rejects a kept type that breaks its contract, naming the field', () => {
    const broken = { ...orderPlaced(), data: { ...orderPlaced().data, totalFils: 'a lot' } };
    expect(() => parseOrderEvent(broken)).toThrow(InvalidEventError);
    expect(() => parseOrderEvent(broken)).toThrow(/data\.totalFils/);
  });

  it('rejects what is not an event envelope', () => {
    for (const raw of [null, 'text', 42, { data: {} }]) {
      expect(() => parseOrderEvent(raw)).toThrow(expect.objectContaining({ code: 'EVENT_INVALID' }));
    }
  });
});
