import type { ElementsGroup, Kit } from './kit';

/**
 * The card element (`elements().create('card')`): three plain inputs ("Card number",
 * "Expiration date MM / YY", "CVC") with Stripe's own client-side checks and words, and the
 * `_paymentMethod()` that confirmCardPayment reads.
 *
 * Self-contained (no imports at run time, no closures over this module): stripeJsDoubleScript()
 * serves it as source text (index.ts).
 */
export function createCardElement(group: ElementsGroup, kit: Kit) {
  const { digits, localized } = kit;
  const locale = kit.locale();

  /** Stripe's own client-side card checks and words (the iframe shows them under the field). */
  function cardState(number: string, expiry: string, cvc: string) {
    const n = digits(number);
    const e = digits(expiry);
    const c = digits(cvc);
    const empty = n === '' && e === '' && c === '';
    let error: { type: string; code: string; message: string } | undefined;
    if (e.length === 4) {
      const month = Number(e.slice(0, 2));
      const year = 2000 + Number(e.slice(2));
      const now = new Date();
      if (month < 1 || month > 12)
        error = {
          type: 'validation_error',
          code: 'invalid_expiry_month',
          message: "Your card's expiration date is incomplete.",
        };
      else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        error = {
          type: 'validation_error',
          code: 'invalid_expiry_year_past',
          message: "Your card's expiration year is in the past.",
        };
    }
    const complete = !error && n.length === 16 && e.length === 4 && c.length >= 3;
    return { empty, complete, error, number: n };
  }

  function incomplete(number: string, expiry: string) {
    if (digits(number).length < 16)
      return {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      };
    if (digits(expiry).length < 4)
      return {
        type: 'validation_error',
        code: 'incomplete_expiry',
        message: "Your card's expiration date is incomplete.",
      };
    return {
      type: 'validation_error',
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    };
  }

  function input(label: string, placeholder: string, size: string) {
    const el = document.createElement('input');
    el.setAttribute('aria-label', label);
    el.placeholder = placeholder;
    el.inputMode = 'numeric';
    el.autocomplete = 'off';
    el.dir = 'ltr'; // card numbers read left to right in Arabic too, as in Stripe's iframe
    // width:0 lets flex size the inputs, not their default 20 characters (narrow phones).
    el.style.cssText = `flex:${size};width:0;min-width:0;border:0;outline:0;background:transparent;font:inherit;color:#3b2414;padding:2px 0`;
    return el;
  }

  const events = kit.emitter();
  let box: HTMLDivElement | null = null;
  const fields = {
    number: input(locale === 'ar' ? 'رقم البطاقة' : 'Card number', '1234 1234 1234 1234', '1 1 0'),
    expiry: input(
      locale === 'ar' ? 'تاريخ الانتهاء شهر / سنة' : 'Expiration date MM / YY',
      locale === 'ar' ? 'شهر / سنة' : 'MM / YY',
      '0 0 5.5em',
    ),
    cvc: input(locale === 'ar' ? 'رمز الأمان CVC' : 'CVC', 'CVC', '0 0 3.5em'),
  };
  let disabled = false;
  const element = {
    _double: 'card',
    mount(target: string | HTMLElement) {
      const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!host)
        throw new Error('IntegrationError: the element to mount the card element into was not found');
      box = document.createElement('div');
      box.dataset.stripeDouble = 'card';
      box.dir = 'ltr';
      box.style.cssText = 'display:flex;gap:0.75em;align-items:center';
      for (const f of Object.values(fields)) {
        f.disabled = disabled;
        f.addEventListener('input', () => {
          if (f === fields.number)
            f.value = digits(f.value)
              .slice(0, 16)
              .replace(/(\d{4})(?=\d)/g, '$1 ');
          if (f === fields.expiry) {
            const d = digits(f.value).slice(0, 4);
            f.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
          }
          if (f === fields.cvc) f.value = digits(f.value).slice(0, 4);
          const s = cardState(fields.number.value, fields.expiry.value, fields.cvc.value);
          events.emit('change', {
            elementType: 'card',
            empty: s.empty,
            complete: s.complete,
            error: localized(s.error),
            brand: s.number.startsWith('5') ? 'mastercard' : s.number.startsWith('4') ? 'visa' : 'unknown',
            value: {},
          });
        });
        f.addEventListener('focus', () => events.emit('focus', { elementType: 'card' }));
        f.addEventListener('blur', () => events.emit('blur', { elementType: 'card' }));
        box.appendChild(f);
      }
      host.appendChild(box);
      group.mounted.card = element;
      setTimeout(() => events.emit('ready', { elementType: 'card' }), 0);
    },
    unmount() {
      box?.remove();
      box = null;
    },
    destroy() {
      element.unmount();
      delete group.mounted.card;
    },
    update(opts: { disabled?: boolean }) {
      if (typeof opts.disabled === 'boolean') {
        disabled = opts.disabled;
        for (const f of Object.values(fields)) f.disabled = disabled;
      }
    },
    focus() {
      fields.number.focus();
    },
    blur() {
      (document.activeElement as HTMLElement | null)?.blur();
    },
    clear() {
      for (const f of Object.values(fields)) f.value = '';
    },
    on: events.on,
    off: events.off,
    /** What confirmCardPayment reads: the PaymentMethod the typed card stands for, or Stripe's error. */
    _paymentMethod() {
      const s = cardState(fields.number.value, fields.expiry.value, fields.cvc.value);
      if (s.error) return { error: localized(s.error) };
      if (!s.complete) return { error: localized(incomplete(fields.number.value, fields.expiry.value)) };
      return { number: s.number };
    },
  };
  return element;
}
