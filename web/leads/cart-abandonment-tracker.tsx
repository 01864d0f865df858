'use client';

import type { AbandonmentTrigger } from '@qahwa/schema/contracts';
import { CART_IDLE_TIMEOUT_MS } from '@qahwa/schema/reference';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { readStoredProfile } from '@/account/profile-store';
import { cartItemsAtom } from '@/cart/cart-store';
import { useLocale } from '@/i18n/client';
import { api } from '@/lib/browser-api';
import { useAtomValue } from '@/shell/atoms';
import {
  abandonmentPayload,
  LEAD_CART_KEY,
  LEAD_SESSION_KEY,
  type LeadCartState,
  type LeadContact,
  type LeadSession,
  nextCartState,
} from './abandonment';
import { capturedContact, LEAD_TRIGGER_EVENT, readJson, writeJson } from './lead-reports';

const ENDPOINT = '/api/leads/cart-abandonment';

/** The e-mail to name: the one the checkout captured, else the device's saved profile (SPEC 6). */
function knownContact(): LeadContact | null {
  const captured = capturedContact();
  if (captured) return captured;
  const p = readStoredProfile();
  return p.email ? { email: p.email, fullName: p.fullName, phone: p.phone } : null;
}

/**
 * SPEC 4 cart abandonment, mounted once in the layout (docs/leads.md). Reports the cart once:
 * on 5 minutes idle, on page exit (navigator.sendBeacon on `pagehide`, which fires on closing,
 * reloading or leaving the site), manually, or when the checkout captures the e-mail. A report
 * only uses up the cart's one report when it names an e-mail; the first one without an e-mail
 * is sent without any personal data and only counts the cart (docs/leads.md), and the cart stays
 * reportable for when the shopper gives an e-mail. An emptied cart resets the flags (and gets a
 * new cart id).
 */
export function CartAbandonmentTracker() {
  const items = useAtomValue(cartItemsAtom);
  const locale = useLocale() as 'en' | 'ar';
  const pathname = usePathname();
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const hydrated = useRef(false);

  // The visit: started when, pages seen, where from (sessionStorage: one per tab and visit).
  useEffect(() => {
    const session = readJson<LeadSession>(window.sessionStorage, LEAD_SESSION_KEY) ?? {
      startedAt: Date.now(),
      pageVisits: 0,
      referrer: document.referrer,
      lastPage: '',
    };
    writeJson(window.sessionStorage, LEAD_SESSION_KEY, {
      ...session,
      pageVisits: session.pageVisits + 1,
      lastPage: `${pathname}${window.location.search}`,
    });
  }, [pathname]);

  // The once-per-cart flag follows the cart: emptied → a new cart id, reportable again.
  useEffect(() => {
    // The stored cart arrives right after mount (cart-store.ts): an empty first render is not an emptied cart.
    if (!hydrated.current) {
      hydrated.current = true;
      if (items.length === 0) return;
    }
    const state = readJson<LeadCartState>(window.localStorage, LEAD_CART_KEY);
    const next = nextCartState(state, items.length);
    if (next !== state) writeJson(window.localStorage, LEAD_CART_KEY, next);
  }, [items]);

  useEffect(() => {
    function report(trigger: AbandonmentTrigger) {
      const current = itemsRef.current;
      if (current.length === 0) return;
      const state = nextCartState(
        readJson<LeadCartState>(window.localStorage, LEAD_CART_KEY),
        current.length,
      );
      if (state.reported) return;
      const contact = knownContact();
      // Without an e-mail the cart is still counted, once and anonymously (the dashboard's
      // abandonment rate); it stays reportable as a lead for when the shopper gives one.
      if (!contact && state.counted) return;
      const session = readJson<LeadSession>(window.sessionStorage, LEAD_SESSION_KEY) ?? {
        startedAt: Date.now(),
        pageVisits: 1,
        referrer: document.referrer,
        lastPage: window.location.pathname,
      };
      const payload = abandonmentPayload({
        items: current,
        trigger,
        cartKey: state.cartKey,
        session,
        now: Date.now(),
        userAgent: navigator.userAgent,
        width: window.innerWidth,
        locale: localeRef.current,
        contact,
      });
      writeJson(window.localStorage, LEAD_CART_KEY, { ...state, reported: !!contact, counted: true });
      try {
        // A beacon survives the page closing; it is sent as text/plain (no preflight), which the
        // gateway reads as JSON on this route.
        if (trigger === 'page_exit' && navigator.sendBeacon?.(ENDPOINT, JSON.stringify(payload))) return;
        void api(ENDPOINT, { method: 'POST', body: payload, keepalive: true });
      } catch {
        // SPEC 8: cart-abandonment failures are logged only (by the server); nothing to show.
      }
    }

    let idle: ReturnType<typeof setTimeout> | undefined;
    const restartIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => report('cart_idle'), CART_IDLE_TIMEOUT_MS);
    };
    const onExit = () => report('page_exit');
    const onTrigger = (e: Event) => {
      const trigger = (e as CustomEvent<{ trigger?: AbandonmentTrigger }>).detail?.trigger;
      if (trigger) report(trigger);
    };
    const activity = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    for (const name of activity) window.addEventListener(name, restartIdle, { passive: true });
    window.addEventListener('pagehide', onExit);
    window.addEventListener(LEAD_TRIGGER_EVENT, onTrigger);
    restartIdle();
    return () => {
      if (idle) clearTimeout(idle);
      for (const name of activity) window.removeEventListener(name, restartIdle);
      window.removeEventListener('pagehide', onExit);
      window.removeEventListener(LEAD_TRIGGER_EVENT, onTrigger);
    };
  }, []);

  return null;
}
