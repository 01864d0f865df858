import type { CartItem } from '@qahwa/schema/cart';
import type { AbandonmentTrigger, CartAbandonmentRequest, DeviceType } from '@qahwa/schema/contracts';

/**
 * The storefront's side of SPEC 4 "Cart abandonment" (docs/leads.md): one report per cart, on
 * 5 minutes idle, page exit (a beacon), manually or when the e-mail is captured. The rules here
 * are pure (the tracker component wires them to the browser), so they are tested without one.
 */

/** localStorage: which cart this is, and whether it was reported. */
export const LEAD_CART_KEY = 'qahwa-lead-cart';
/** sessionStorage: when this visit began, how many pages it saw, where it came from. */
export const LEAD_SESSION_KEY = 'qahwa-lead-session';
/** localStorage: the e-mail (and name, phone) the checkout captured. */
export const LEAD_CONTACT_KEY = 'qahwa-lead-contact';

export interface LeadCartState {
  cartKey: string;
  /** A lead (with an e-mail) was reported for this cart: nothing more to report. */
  reported: boolean;
  /**
   * The cart was reported left at all (with an e-mail or without): the server counts it once for
   * the dashboard's abandonment rate, and is told when this browser buys it after all.
   */
  counted?: boolean;
}

export interface LeadSession {
  startedAt: number;
  pageVisits: number;
  referrer: string;
  lastPage: string;
}

export interface LeadContact {
  email: string;
  fullName?: string;
  phone?: string;
}

/** A fresh cart id (`cartKey`): 16 random url-safe characters. */
export function newCartKey(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let key = '';
  for (let i = 0; i < 16; i++) key += alphabet[Math.floor(random() * alphabet.length)];
  return `c_${key}`;
}

/**
 * SPEC 4: the flag resets when the cart becomes empty — an empty cart gets a new id and may be
 * reported again once it holds something.
 */
export function nextCartState(
  state: LeadCartState | null,
  itemCount: number,
  makeKey: () => string = newCartKey,
): LeadCartState {
  if (itemCount === 0) {
    // A cart reported in any way is done with: the next one is another cart, with its own id.
    return state && !state.reported && !state.counted && state.cartKey
      ? state
      : { cartKey: makeKey(), reported: false };
  }
  return state?.cartKey ? state : { cartKey: makeKey(), reported: false };
}

/** tablet, mobile or desktop (SPEC 3), from the user agent, then the screen width. */
export function deviceTypeOf(userAgent: string, width: number): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(userAgent)) return 'mobile';
  if (width > 0 && width < 768) return 'mobile';
  return 'desktop';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string | undefined | null): value is string =>
  !!value && EMAIL.test(value.trim());

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** The SPEC 3 payload, sized to the gateway's contract (a beacon carries at most 64 KiB). */
export function abandonmentPayload(input: {
  items: readonly CartItem[];
  trigger: AbandonmentTrigger;
  cartKey: string;
  session: LeadSession;
  now: number;
  userAgent: string;
  width: number;
  locale: 'en' | 'ar';
  contact: LeadContact | null;
}): CartAbandonmentRequest {
  const items = input.items.slice(0, 100);
  const anonymous = !(input.contact && isEmail(input.contact.email));
  const cartValue = Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;
  return {
    cartValue,
    cartItems: items.map((i) => ({
      id: clip(i.id, 200),
      productId: i.productId,
      ...(i.variationId ? { variationId: i.variationId } : {}),
      name: clip(i.name, 300),
      price: i.price,
      quantity: i.quantity,
      variation: i.variation,
    })),
    cartKey: input.cartKey,
    locale: input.locale,
    timeSpentOnSite: Math.max(0, Math.round((input.now - input.session.startedAt) / 1000)),
    pageVisits: input.session.pageVisits,
    // Without an e-mail the server keeps only the cart's id, value and lines: the visit's pages,
    // agent and referrer are not sent at all.
    lastVisitedPage: anonymous ? '' : clip(input.session.lastPage, 2000),
    userAgent: anonymous ? '' : clip(input.userAgent, 1000),
    referrer: anonymous ? '' : clip(input.session.referrer, 2000),
    deviceType: deviceTypeOf(input.userAgent, input.width),
    abandonmentTrigger: input.trigger,
    ...(input.contact && !anonymous ? { email: input.contact.email.trim() } : {}),
    ...(!anonymous && input.contact?.fullName ? { fullName: clip(input.contact.fullName, 100) } : {}),
    ...(!anonymous && input.contact?.phone ? { phone: clip(input.contact.phone, 30) } : {}),
  };
}
