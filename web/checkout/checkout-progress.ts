import type { Locale } from '@qahwa/schema';
import type { CustomerValues, ShippingValues } from './validation';
import { validateCustomer, validateShipping } from './validation';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type Step = 1 | 2 | 3;

/**
 * Each step's place in the address bar (docs/web.md "Checkout steps in the address bar"): the first
 * step is the bare `/checkout` (the cart panel's Order Now and every link to it), the others
 * `?step=shipping` and `?step=payment`, so Back and Forward move between the steps and a reload
 * stays on the step it was on.
 */
const STEP_PARAM: Record<Step, string | null> = { 1: null, 2: 'shipping', 3: 'payment' };

/** The step a location's query asks for: the first one when it names none or one we do not know. */
export function stepOfSearch(search: string): Step {
  const asked = new URLSearchParams(search).get('step');
  if (asked === STEP_PARAM[2]) return 2;
  if (asked === STEP_PARAM[3]) return 3;
  return 1;
}

/** The same location moved to `step`: its other query parameters kept, `step` set or dropped. */
export function urlOfStep(href: string, step: Step): string {
  const url = new URL(href);
  const param = STEP_PARAM[step];
  if (param) url.searchParams.set('step', param);
  else url.searchParams.delete('step');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the shopper typed: never anything of the card (Stripe's field keeps that to itself). */
export interface CheckoutDetails {
  customer: CustomerValues;
  shipping: ShippingValues;
}

export const EMPTY_DETAILS: CheckoutDetails = {
  customer: { fullName: '', email: '', phone: '' },
  shipping: { emirate: '', city: '', address: '' },
};

/**
 * A step is shown only when the steps before it are complete: asked for the payment step without
 * valid details (a bookmark, another tab's URL, details edited since), the shopper lands on the
 * first step still to fill in.
 */
export function reachableStep(asked: Step, details: CheckoutDetails, locale: Locale): Step {
  if (asked === 1) return 1;
  if (Object.keys(validateCustomer(details.customer, locale)).length > 0) return 1;
  if (asked === 2) return 2;
  if (Object.keys(validateShipping(details.shipping, locale)).length > 0) return 2;
  return 3;
}

/**
 * Kept in sessionStorage: this tab, this visit — a reload or a Back from another page finds the
 * details again, a closed tab or a shared computer's next visitor does not. Cleared once the order
 * is placed. (The pay-later round trip keeps its own copy in localStorage, pay-later-order-data.ts,
 * because the provider may send the shopper back in another tab.)
 */
export const CHECKOUT_DETAILS_KEY = 'qahwa-checkout-details';

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');

/** The kept details, each field a string (anything else reads as empty); nothing kept → empty. */
export function readCheckoutDetails(storage: Store = sessionStorage): CheckoutDetails {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(CHECKOUT_DETAILS_KEY) ?? 'null');
  } catch {
    return EMPTY_DETAILS;
  }
  if (!raw || typeof raw !== 'object') return EMPTY_DETAILS;
  const { customer: c, shipping: s } = raw as {
    customer?: Record<string, unknown>;
    shipping?: Record<string, unknown>;
  };
  return {
    customer: { fullName: text(c?.fullName), email: text(c?.email), phone: text(c?.phone) },
    shipping: { emirate: text(s?.emirate), city: text(s?.city), address: text(s?.address) },
  };
}

export function keepCheckoutDetails(details: CheckoutDetails, storage: Store = sessionStorage): void {
  try {
    storage.setItem(
      CHECKOUT_DETAILS_KEY,
      JSON.stringify({ customer: details.customer, shipping: details.shipping }),
    );
  } catch {
    // Storage disabled or full: the checkout works, only a reload starts it again.
  }
}

export function clearCheckoutDetails(storage: Store = sessionStorage): void {
  try {
    storage.removeItem(CHECKOUT_DETAILS_KEY);
  } catch {
    // nothing kept
  }
}
