import type { SearchAttributeName } from '@qahwa/schema';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

const keyword = (name: SearchAttributeName) => defineSearchAttributeKey(name, SearchAttributeType.KEYWORD);

/** The typed keys of SEARCH_ATTRIBUTES, for the client (at start) and the workflow (upserts). */
export const SA = {
  orderNumber: keyword('OrderNumber'),
  customerEmail: keyword('CustomerEmail'),
  paymentProvider: keyword('PaymentProvider'),
  checkoutId: keyword('CheckoutId'),
  paymentId: keyword('PaymentId'),
} as const;
