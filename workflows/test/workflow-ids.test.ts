import { describe, expect, it } from 'vitest';
import {
  checkoutWorkflowId,
  leadWorkflowId,
  orderCheckoutWorkflowId,
  orderConfirmationWorkflowId,
  orderFollowUpWorkflowId,
  payLaterWorkflowId,
  paymentWorkflowId,
  workflowIdOf,
} from '../src/workflow-ids';

// Runs already in Temporal are found by these ids: each format is pinned to the exact string.
describe('workflow ids', () => {
  it('names a checkout by its checkout id', () => {
    expect(checkoutWorkflowId('cod-7f3a')).toBe('checkout-cod-7f3a');
  });

  it('names a card checkout by its payment intent', () => {
    expect(paymentWorkflowId('pi_3Q9x')).toBe('checkout-pi_3Q9x');
  });

  it('names a pay-later run by the Tabby payment id', () => {
    expect(payLaterWorkflowId('tabby-pay-42')).toBe('pay-later-tabby-pay-42');
  });

  it("derives a checkout's workflow from its input: the intent for a card, the checkout id otherwise", () => {
    const order = { paymentIntentId: 'pi_3Q9x' } as Parameters<typeof workflowIdOf>[0]['order'];
    expect(workflowIdOf({ checkoutId: 'card-1', order })).toBe('checkout-pi_3Q9x');
    expect(workflowIdOf({ checkoutId: 'cod-1', order: { ...order, paymentIntentId: undefined } })).toBe(
      'checkout-cod-1',
    );
  });

  it("reads back the run that made an order from the order's row", () => {
    const row = { checkoutId: 'chk-9', paymentIntentId: 'pay_5' };
    expect(orderCheckoutWorkflowId({ ...row, paymentProvider: 'STRIPE' })).toBe('checkout-pay_5');
    expect(orderCheckoutWorkflowId({ ...row, paymentProvider: 'TABBY' })).toBe('pay-later-pay_5');
    expect(orderCheckoutWorkflowId({ ...row, paymentProvider: 'COD' })).toBe('checkout-chk-9');
    expect(orderCheckoutWorkflowId({ ...row, paymentProvider: 'STRIPE', paymentIntentId: null })).toBe(
      'checkout-chk-9',
    );
    expect(orderCheckoutWorkflowId({ ...row, paymentProvider: 'TABBY', paymentIntentId: null })).toBe(
      'checkout-chk-9',
    );
  });

  it("names an order's confirmation after the run that made the order", () => {
    expect(orderConfirmationWorkflowId('checkout-pi_3Q9x')).toBe('checkout-pi_3Q9x/confirmation');
    expect(orderConfirmationWorkflowId(payLaterWorkflowId('p1'))).toBe('pay-later-p1/confirmation');
  });

  it('names a follow-up by status, order and move', () => {
    expect(orderFollowUpWorkflowId('ord-1', 'cancelled', 'move-2')).toBe('order-cancelled-ord-1-move-2');
  });

  it('names a lead by the e-mail, trimmed and in lower case', () => {
    expect(leadWorkflowId('  Noura@Example.AE ')).toBe('lead-noura@example.ae');
  });
});
