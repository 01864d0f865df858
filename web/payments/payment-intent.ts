'use client';

import {
  ORDER_ID_HEADER,
  ORDER_TOKEN_HEADER,
  type PaymentIntentRequest,
  type PaymentMessageCode,
  toFils,
} from '@qahwa/schema';
import { useEffect, useRef, useState } from 'react';
import { withCheckoutKey } from '@/checkout/checkout-key';
import { api, refusalOf } from '@/lib/browser-api';

export interface IntentState {
  clientSecret: string | null;
  paymentIntentId: string | null;
  /** The total the server will charge, in fils, when it said so; otherwise null (the claim stands). */
  serverTotalFils: number | null;
  /**
   * The server's own text (already in the shopper's language), or a SPEC 8 message code.
   * `orderId`: the cart was already paid for and is that order (ALREADY_ORDERED): nothing to pay.
   */
  error:
    | { text: string; orderId?: string; trackingToken?: string | null }
    | { code: PaymentMessageCode }
    | null;
  loading: boolean;
}

const IDLE: IntentState = {
  clientSecret: null,
  paymentIntentId: null,
  serverTotalFils: null,
  error: null,
  loading: false,
};

/** How long the claim must stay still before a new intent is asked for (a shopper editing fast). */
const SETTLE_MS = 250;

/**
 * SPEC 4: a payment intent "whenever the amount, details or method change" — here, whenever
 * the request body changes while card is the method. The checkout's intent so far goes along
 * (`paymentIntentId`), so the gateway updates it rather than leaving a trail of intents. The
 * previous request is abandoned (its answer would be for an amount no longer shown) and its
 * client secret dropped, so the submit button waits for the secret that matches the screen.
 */
export function usePaymentIntent(request: PaymentIntentRequest | null): IntentState & {
  /** For the wallet: the same intent, marked as paid by wallet, before it is confirmed. */
  switchTo: (paymentMethod: 'card' | 'wallet') => Promise<IntentState>;
} {
  const body = request ? JSON.stringify(request) : null;
  const [state, setState] = useState<IntentState>(IDLE);
  const lastId = useRef<string | null>(null);

  useEffect(() => {
    if (body === null) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    setState({ ...IDLE, loading: true });
    const timer = setTimeout(() => {
      void createIntent(withIntent(body, lastId.current), controller.signal).then((next) => {
        if (controller.signal.aborted) return;
        if (next.paymentIntentId) lastId.current = next.paymentIntentId;
        setState(next);
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);

  async function switchTo(paymentMethod: 'card' | 'wallet'): Promise<IntentState> {
    if (body === null) return IDLE;
    const next = await createIntent(
      withIntent(body, lastId.current, paymentMethod),
      new AbortController().signal,
    );
    if (next.paymentIntentId) lastId.current = next.paymentIntentId;
    return next;
  }

  return { ...state, switchTo };
}

function withIntent(
  body: string,
  paymentIntentId: string | null,
  paymentMethod?: 'card' | 'wallet',
): PaymentIntentRequest {
  const request = JSON.parse(body) as PaymentIntentRequest;
  return withCheckoutKey({
    ...request,
    ...(paymentIntentId ? { paymentIntentId } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
  });
}
async function createIntent(body: PaymentIntentRequest, signal: AbortSignal): Promise<IntentState> {
  const answer = await api('/api/create-payment-intent', { method: 'POST', body, signal });
  if (!answer.ok && answer.reason === 'network') return { ...IDLE, error: { code: 'payment.intentFailed' } };
  const json = answer.body as {
    clientSecret?: unknown;
    paymentIntentId?: unknown;
    totalAmount?: unknown;
  } | null;
  if (answer.ok && typeof json?.clientSecret === 'string' && typeof json.paymentIntentId === 'string') {
    return {
      clientSecret: json.clientSecret,
      paymentIntentId: json.paymentIntentId,
      serverTotalFils: typeof json.totalAmount === 'number' ? toFils(json.totalAmount) : null,
      error: null,
      loading: false,
    };
  }
  // SPEC 8 "Payment intent error: the server text"; nothing readable: the network message.
  const { message: text, code } = refusalOf(answer.body);
  const orderId = code === 'ALREADY_ORDERED' && !answer.ok ? answer.headers.get(ORDER_ID_HEADER) : null;
  // That order's signed token: the notice links its confirmation (docs/order-tracking.md).
  const trackingToken = orderId ? answer.headers.get(ORDER_TOKEN_HEADER) : null;
  if (text && orderId) return { ...IDLE, error: { text, orderId, trackingToken } };
  return { ...IDLE, error: text ? { text } : { code: 'payment.intentFailed' } };
}
