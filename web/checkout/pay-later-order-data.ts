import {
  type CreateOrderRequest,
  PAY_LATER_PROVIDER,
  PayLaterOrderData,
  type PayLaterSessionRequest,
} from '@qahwa/schema';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the SPEC 3 "pay-later order data" waits while the shopper is on the provider's page. */
export const PAY_LATER_ORDER_DATA_KEY = 'qahwa-pay-later-order';
/** The outcome the return page hands back to the checkout (the message to show in the red box). */
export const PAY_LATER_NOTICE_KEY = 'qahwa-pay-later-notice';

/**
 * The provider closes an unpaid payment after about 30 minutes (TABBY.md); data older than an hour
 * belongs to a checkout no one is coming back to, and must not refill a stranger's form on a
 * shared computer.
 */
export const PAY_LATER_ORDER_DATA_MAX_AGE_MS = 60 * 60 * 1000;

/** SPEC 7 POST /api/payments/tabby: the same claim the card and cash on delivery send. */
export function payLaterSessionRequest(claim: CreateOrderRequest): PayLaterSessionRequest {
  const { totalAmount, paymentProvider: _provider, paymentIntentId: _intent, ...rest } = claim;
  return { ...rest, amount: totalAmount, currency: 'AED' };
}

/** SPEC 3: the checkout inputs plus paymentProvider, timestamp and sessionId (the provider's payment id). */
export function payLaterOrderData(
  claim: CreateOrderRequest,
  sessionId: string,
  now: number,
): PayLaterOrderData {
  const { paymentProvider: _provider, paymentIntentId: _intent, ...inputs } = claim;
  return { ...inputs, paymentProvider: PAY_LATER_PROVIDER, timestamp: now, sessionId };
}

/**
 * Kept in localStorage, not sessionStorage: the provider's page may bring the shopper back in
 * another tab (a banking app's browser hands the link on), and the checkout must still refill.
 */
export function keepPayLaterOrderData(data: PayLaterOrderData, storage: Store = localStorage): void {
  try {
    storage.setItem(PAY_LATER_ORDER_DATA_KEY, JSON.stringify(data));
  } catch {
    // Storage disabled: the payment still works, only the form is not refilled on return.
  }
}

/** The kept data, if it is there, well formed and recent; anything else reads as nothing. */
export function readPayLaterOrderData(
  now: number,
  storage: Store = localStorage,
  paymentId?: string | null,
): PayLaterOrderData | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(PAY_LATER_ORDER_DATA_KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = PayLaterOrderData.safeParse(raw);
  if (!parsed.success) return null;
  if (now - parsed.data.timestamp > PAY_LATER_ORDER_DATA_MAX_AGE_MS || parsed.data.timestamp > now + 60_000)
    return null;
  // Data of another payment (an older tab's attempt) must not refill this one's checkout.
  if (paymentId && parsed.data.sessionId !== paymentId) return null;
  return parsed.data;
}

export function clearPayLaterOrderData(storage: Store = localStorage): void {
  try {
    storage.removeItem(PAY_LATER_ORDER_DATA_KEY);
  } catch {
    // nothing kept
  }
}

/** What the checkout shows when the shopper comes back without an order: the SPEC 8 sentence. */
export interface PayLaterNotice {
  message: string;
  paymentId: string | null;
  at: number;
}

/** The notice lives in sessionStorage: only the tab that came back from the provider shows it. */
export function leavePayLaterNotice(notice: PayLaterNotice, storage: Store = sessionStorage): void {
  try {
    storage.setItem(PAY_LATER_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // Storage disabled: the checkout opens on step 1 without the message.
  }
}

/** Read once: the message is shown on this visit to the checkout and not on the next. */
export function takePayLaterNotice(now: number, storage: Store = sessionStorage): PayLaterNotice | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(PAY_LATER_NOTICE_KEY) ?? 'null');
    storage.removeItem(PAY_LATER_NOTICE_KEY);
  } catch {
    return null;
  }
  const n = raw as Partial<PayLaterNotice> | null;
  if (!n || typeof n.message !== 'string' || n.message === '' || typeof n.at !== 'number') return null;
  // A notice left behind by a tab that then went elsewhere is stale after ten minutes.
  if (now - n.at > 10 * 60 * 1000) return null;
  return { message: n.message, paymentId: typeof n.paymentId === 'string' ? n.paymentId : null, at: n.at };
}

/**
 * What the checkout opens with when the shopper comes back without an order (SPEC 4: told to use
 * the card): the payment step, the details they typed, card selected, the message in the red box.
 * Null when there is nothing to go back to: the checkout starts on step 1 as usual.
 */
export function payLaterResume(
  notice: PayLaterNotice | null,
  data: PayLaterOrderData | null,
): {
  customerInfo: PayLaterOrderData['customerInfo'];
  shippingInfo: PayLaterOrderData['shippingInfo'];
  message: string;
} | null {
  if (!notice || !data) return null;
  return { customerInfo: data.customerInfo, shippingInfo: data.shippingInfo, message: notice.message };
}
