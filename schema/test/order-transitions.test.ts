import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, transitionRefusal } from '../src/orders/transitions';
import { ORDER_STATUSES } from '../src/reference/constants';

describe('order transitions (docs/orders.md)', () => {
  it('moves forward one step at a time: new → processing → shipped → delivered', () => {
    expect(canTransition('new', 'processing')).toBe(true);
    expect(canTransition('processing', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'delivered')).toBe(true);
    expect(canTransition('new', 'shipped')).toBe(false);
    expect(canTransition('new', 'delivered')).toBe(false);
    expect(canTransition('processing', 'delivered')).toBe(false);
  });

  it('cancels only from new or processing', () => {
    expect(canTransition('new', 'cancelled')).toBe(true);
    expect(canTransition('processing', 'cancelled')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
  });

  it('never goes back, never leaves delivered or cancelled, never stays put', () => {
    expect(canTransition('delivered', 'new')).toBe(false);
    expect(canTransition('shipped', 'processing')).toBe(false);
    expect(allowedTransitions('delivered')).toEqual([]);
    expect(allowedTransitions('cancelled')).toEqual([]);
    for (const s of ORDER_STATUSES) {
      expect(canTransition(s, s)).toBe(false);
      expect(canTransition(s, 'pending')).toBe(false);
    }
  });

  it('explains a refusal in both languages', () => {
    const args = { orderId: 'QH-100001', from: 'delivered', to: 'new' } as const;
    expect(transitionRefusal('illegal', args, 'en')).toBe(
      'Order QH-100001 cannot move from Delivered to New.',
    );
    expect(transitionRefusal('illegal', args, 'ar')).toContain('لا يمكن نقل الطلب QH-100001');
    expect(transitionRefusal('stale', args, 'en')).toContain('Someone else just updated order QH-100001');
  });
});
