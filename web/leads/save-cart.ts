import type { CartItem } from '@qahwa/schema/cart';
import type { Locale } from '@qahwa/schema/money';
import { postJson } from '@/contact/post-json';
import {
  abandonmentPayload,
  LEAD_CART_KEY,
  LEAD_CONTACT_KEY,
  LEAD_SESSION_KEY,
  type LeadCartState,
  type LeadSession,
  nextCartState,
} from './abandonment';
import { capturedContact, readJson, writeJson } from './lead-reports';

/** What the "Save my cart" form shows after a press. */
export type SaveCartOutcome =
  | { kind: 'invalid'; text: string }
  | { kind: 'done'; email: string }
  | { kind: 'failed'; text: string | null; network: boolean };

/**
 * "Save my cart" (docs/leads.md): the shopper gives an e-mail for this cart, which is reported
 * as a lead with SPEC 4's `manual` trigger — the same call as every other report, so the recovery
 * e-mail goes out as for any lead (after the idle delay, once, and not when the cart is bought).
 * Its own chunk, fetched on the field's first focus.
 */
export async function saveCart(
  items: readonly CartItem[],
  email: string,
  locale: Locale,
  onSending: () => void,
): Promise<SaveCartOutcome> {
  const { newsletterFormSchema, validateForm } = await import('@qahwa/schema/validation');
  // The e-mail rule the newsletter and the checkout use: the same words for the same mistake.
  const result = validateForm(newsletterFormSchema(locale), { email });
  if (!result.ok) return { kind: 'invalid', text: result.errors.email ?? '' };
  onSending();
  const state = nextCartState(readJson<LeadCartState>(localStorage, LEAD_CART_KEY), items.length);
  const session = readJson<LeadSession>(sessionStorage, LEAD_SESSION_KEY) ?? {
    startedAt: Date.now(),
    pageVisits: 1,
    referrer: document.referrer,
    lastPage: window.location.pathname,
  };
  const before = capturedContact();
  const contact =
    before && before.email.toLowerCase() === result.data.email.toLowerCase()
      ? before
      : { email: result.data.email };
  const payload = abandonmentPayload({
    items,
    trigger: 'manual',
    cartKey: state.cartKey,
    session,
    now: Date.now(),
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    locale,
    contact,
  });
  const answer = await postJson('/api/leads/cart-abandonment', payload);
  if (!answer.ok) {
    return { kind: 'failed', text: answer.network ? null : (answer.error ?? null), network: answer.network };
  }
  // A later page exit names this address, and the cart is not reported again.
  writeJson(localStorage, LEAD_CONTACT_KEY, contact);
  writeJson(localStorage, LEAD_CART_KEY, { ...state, reported: true, counted: true });
  return { kind: 'done', email: result.data.email };
}
