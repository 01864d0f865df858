import type { AbandonmentTrigger, LeadUpdateRequest } from '@qahwa/schema/contracts';
import { api } from '@/lib/browser-api';
import {
  isEmail,
  LEAD_CART_KEY,
  LEAD_CONTACT_KEY,
  type LeadCartState,
  type LeadContact,
} from './abandonment';

/**
 * The storefront's lead calls (SPEC 7, docs/leads.md). Every one is fire and forget: SPEC 8 says
 * lead failures are silent for the shopper (the gateway logs them). `keepalive` lets a report
 * finish while the page navigates away (to the confirmation, or to a payment provider).
 */

/** The tracker (cart-abandonment-tracker.tsx) listens for these: email_capture and manual. */
export const LEAD_TRIGGER_EVENT = 'qahwa:lead-trigger';

// Silent by design (SPEC 8): the answer, refusal or not, is not read.
function send(method: 'PATCH' | 'POST', url: string, body: unknown): void {
  void api(url, { method, body, keepalive: true });
}

export function readJson<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the tracker works for this page only.
  }
}

const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The e-mail the checkout captured (valid), kept so a later page exit can name it. */
export function capturedContact(): LeadContact | null {
  const c = readJson<LeadContact>(local(), LEAD_CONTACT_KEY);
  return c && isEmail(c.email) ? c : null;
}

/** SPEC 4 `email_capture`: the checkout's e-mail field holds a valid address. */
export function captureLeadEmail(contact: LeadContact): void {
  if (!isEmail(contact.email)) return;
  const before = capturedContact();
  writeJson(local(), LEAD_CONTACT_KEY, { ...contact, email: contact.email.trim() });
  if (before?.email.toLowerCase() === contact.email.trim().toLowerCase()) return;
  fireLeadTrigger('email_capture');
}

/** SPEC 4 `manual`, or any trigger the tracker should act on now. */
export function fireLeadTrigger(trigger: AbandonmentTrigger): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LEAD_TRIGGER_EVENT, { detail: { trigger } }));
}

interface Claim {
  customerInfo: { fullName: string; email: string; phone: string };
  items: { id: string; variationId?: string | undefined; name: string; price: number; quantity: number }[];
  totalAmount: number;
}

const lines = (claim: Claim) =>
  claim.items.map((i) => ({
    id: i.id,
    ...(i.variationId ? { variationId: i.variationId } : {}),
    name: i.name,
    price: i.price,
    quantity: i.quantity,
    total: Math.round(i.price * i.quantity * 100) / 100,
  }));

/** SPEC 4: QUALIFIED at the payment step, with the method the shopper has chosen. */
export function qualifiedLeadUpdate(claim: Claim, preferredPayment: string, now: number): LeadUpdateRequest {
  return {
    email: claim.customerInfo.email,
    status: 'QUALIFIED',
    hasPaymentInfo: true,
    paymentStep: now,
    preferredPayment,
    paymentData: { preferredPayment },
    cartValue: claim.totalAmount,
    cartItems: lines(claim),
    convertedData: { name: claim.customerInfo.fullName, phone: claim.customerInfo.phone },
  };
}

export function reportLeadQualified(claim: Claim, preferredPayment: string): void {
  if (!isEmail(claim.customerInfo.email)) return;
  send('PATCH', '/api/leads', qualifiedLeadUpdate(claim, preferredPayment, Date.now()));
}

/**
 * This cart was bought: no abandonment report for it (the flag resets when the cart empties), and
 * when it had been counted as left (docs/leads.md), the server counts it as ordered instead.
 */
export function markCartReported(): void {
  const state = readJson<LeadCartState>(local(), LEAD_CART_KEY);
  if (!state) return;
  writeJson(local(), LEAD_CART_KEY, { ...state, reported: true });
  if (state.counted && state.cartKey) send('POST', '/api/leads/cart-ordered', { cartKey: state.cartKey });
}
