/**
 * A double of Stripe.js (the browser library), for the end-to-end tests and for `make dev`,
 * where js.stripe.com cannot load. It defines `window.Stripe` the way the real script does, so
 * `loadStripe()` finds it and `@stripe/react-stripe-js` drives it unchanged: `elements()`, the
 * card element (`create('card')`), the Express Checkout Element (`create('expressCheckout')`),
 * `confirmCardPayment` and `confirmPayment`.
 *
 * It confirms for real: `POST {apiBase}/v1/payment_intents/{id}/confirm` with the publishable
 * key and the `client_secret`, form-encoded, as Stripe.js does against api.stripe.com. The
 * stateful Stripe double (fakes/stripe, docs/payments.md) decides the outcome, so the gateway
 * that later retrieves the intent sees exactly what the shopper's browser did.
 *
 * The typed card goes as `payment_method_data[card][number]` with the billing details, and the
 * Stripe double answers as Stripe does for its test cards (4242 4242 4242 4242 succeeds, 4000 0000
 * 0000 0002 is declined, …). The wallet pays with the test Visa, marked `[card][wallet]`.
 *
 * ONE self-contained function, no imports and no closures over this module: the end-to-end tests
 * pass it to `page.addInitScript`, and the storefront serves it as a script for `make dev`
 * (app/payments/stripe-double/stripe.js), both through `Function.prototype.toString`.
 */
export interface StripeJsDoubleOptions {
  /** Where the Stripe double's REST API answers, as the page can reach it (same origin: a relay). */
  apiBase: string;
  /** The wallet the Express Checkout Element offers; null offers none (no button). */
  wallet: { type: 'google_pay' | 'apple_pay'; name: string; email: string } | null;
}

export function installStripeJsDouble(options: StripeJsDoubleOptions): void {
  // biome-ignore lint/suspicious/noExplicitAny: the double stands in for an untyped global.
  const w = window as any;
  if (w.Stripe) return; // the real Stripe.js, or an earlier double (the e2e tests' one wins)

  type Listener = (event: unknown) => void;
  // Stripe.js words its fields and its errors in the locale given to Stripe(key, { locale }).
  let locale = 'en';
  const AR_MESSAGES: Record<string, string> = {
    card_declined: 'تم رفض بطاقتك.',
    generic_decline: 'تم رفض بطاقتك.',
    insufficient_funds: 'رصيد بطاقتك غير كافٍ.',
    lost_card: 'تم رفض بطاقتك.',
    stolen_card: 'تم رفض بطاقتك.',
    expired_card: 'انتهت صلاحية بطاقتك.',
    incorrect_cvc: 'رمز الأمان الخاص ببطاقتك غير صحيح.',
    incorrect_number: 'رقم بطاقتك غير صحيح.',
    processing_error: 'حدث خطأ أثناء معالجة بطاقتك. يرجى المحاولة مرة أخرى.',
    incomplete_number: 'رقم بطاقتك غير مكتمل.',
    incomplete_expiry: 'تاريخ انتهاء صلاحية بطاقتك غير مكتمل.',
    incomplete_cvc: 'رمز الأمان الخاص ببطاقتك غير مكتمل.',
    invalid_expiry_month: 'تاريخ انتهاء صلاحية بطاقتك غير مكتمل.',
    invalid_expiry_year_past: 'سنة انتهاء صلاحية بطاقتك في الماضي.',
  };
  function localized<E extends { code?: string; decline_code?: string; message?: string } | undefined>(
    error: E,
  ): E {
    if (!error || locale !== 'ar') return error;
    const text = AR_MESSAGES[error.decline_code ?? ''] ?? AR_MESSAGES[error.code ?? ''];
    return text ? { ...error, message: text } : error;
  }

  function emitter() {
    const listeners: Record<string, Listener[]> = {};
    return {
      on(type: string, fn: Listener) {
        listeners[type] = [...(listeners[type] ?? []), fn];
      },
      off(type: string, fn?: Listener) {
        listeners[type] = fn ? (listeners[type] ?? []).filter((l) => l !== fn) : [];
      },
      emit(type: string, event: unknown) {
        for (const fn of listeners[type] ?? []) fn(event);
      },
      has(type: string) {
        return (listeners[type] ?? []).length > 0;
      },
    };
  }

  function digits(value: string) {
    return value.replace(/\D/g, '');
  }

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

  function createCardElement(group: { mounted: Record<string, unknown> }) {
    const events = emitter();
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

  function createExpressCheckoutElement(group: {
    mounted: Record<string, unknown>;
    walletPm: { number: string; wallet: string } | null;
  }) {
    const events = emitter();
    let box: HTMLDivElement | null = null;
    const wallet = options.wallet;
    const label = wallet?.type === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
    const element = {
      _double: 'expressCheckout',
      mount(target: string | HTMLElement) {
        const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host)
          throw new Error(
            'IntegrationError: the element to mount the express checkout element into was not found',
          );
        box = document.createElement('div');
        box.dataset.stripeDouble = 'expressCheckout';
        group.mounted.expressCheckout = element;
        if (!wallet) {
          host.appendChild(box);
          setTimeout(
            () =>
              events.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined }),
            0,
          );
          return;
        }
        const button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', label);
        button.textContent = wallet.type === 'apple_pay' ? ' Pay' : 'G Pay';
        button.style.cssText =
          'width:100%;height:44px;border:0;border-radius:6px;background:#000;color:#fff;font:600 16px system-ui;cursor:pointer';
        button.addEventListener('click', () => {
          let resolved = !events.has('click');
          const sheet = () => {
            // The wallet's sheet: the shopper approves, the wallet hands Stripe a card.
            group.walletPm = { number: '4242424242424242', wallet: wallet.type };
            events.emit('confirm', {
              elementType: 'expressCheckout',
              expressPaymentType: wallet.type,
              billingDetails: { name: wallet.name, email: wallet.email },
              paymentFailed(payload?: { reason?: string }) {
                group.walletPm = null;
                events.emit('_failed', payload ?? {});
              },
            });
          };
          if (resolved) {
            setTimeout(sheet, 50);
            return;
          }
          events.emit('click', {
            elementType: 'expressCheckout',
            expressPaymentType: wallet.type,
            resolve() {
              if (resolved) return;
              resolved = true;
              setTimeout(sheet, 50);
            },
            reject() {
              resolved = true;
            },
          });
        });
        box.appendChild(button);
        host.appendChild(box);
        setTimeout(
          () =>
            events.emit('ready', {
              elementType: 'expressCheckout',
              availablePaymentMethods: {
                applePay: wallet.type === 'apple_pay',
                googlePay: wallet.type === 'google_pay',
                link: false,
                paypal: false,
                amazonPay: false,
                klarna: false,
              },
            }),
          0,
        );
      },
      unmount() {
        box?.remove();
        box = null;
      },
      destroy() {
        element.unmount();
        delete group.mounted.expressCheckout;
      },
      update() {},
      on: events.on,
      off: events.off,
    };
    return element;
  }

  function form(params: Record<string, string | undefined>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') body.set(k, v);
    return body;
  }

  function Stripe(publishableKey: string, stripeOptions?: { locale?: string }) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_'))
      throw new Error('IntegrationError: Invalid API Key provided');
    if (stripeOptions?.locale) locale = stripeOptions.locale;

    async function confirm(clientSecret: string, params: Record<string, string | undefined>) {
      const id = String(clientSecret).split('_secret_')[0];
      if (!id?.startsWith('pi_'))
        return {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: 'Invalid client secret.',
          },
        };
      let res: Response;
      try {
        res = await fetch(`${options.apiBase}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${publishableKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form({ ...params, client_secret: clientSecret }),
        });
      } catch {
        return {
          error: {
            type: 'api_connection_error',
            message: 'We could not connect to Stripe. Please check your connection and try again.',
          },
        };
      }
      // biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON, read as Stripe.js reads it.
      const body: any = await res.json().catch(() => ({}));
      if (!res.ok)
        return { error: localized(body.error ?? { type: 'api_error', message: `HTTP ${res.status}` }) };
      if (body.status === 'requires_payment_method' && body.last_payment_error)
        return { error: localized({ ...body.last_payment_error, payment_intent: body }) };
      return { paymentIntent: body };
    }

    function billing(prefix: string, details: Record<string, unknown> | undefined) {
      const out: Record<string, string | undefined> = {};
      if (!details) return out;
      for (const [k, v] of Object.entries(details)) {
        if (v && typeof v === 'object')
          for (const [k2, v2] of Object.entries(v))
            out[`${prefix}[${k}][${k2}]`] = v2 == null ? undefined : String(v2);
        else out[`${prefix}[${k}]`] = v == null ? undefined : String(v);
      }
      return out;
    }

    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(_opts?: unknown) {
        const group = {
          mounted: {} as Record<string, unknown>,
          walletPm: null as { number: string; wallet: string } | null,
        };
        return {
          _group: group,
          create(type: string) {
            if (type === 'card') return createCardElement(group);
            if (type === 'expressCheckout') return createExpressCheckoutElement(group);
            throw new Error(`IntegrationError: the Stripe.js double has no ${type} element`);
          },
          getElement(type: string) {
            return group.mounted[type] ?? null;
          },
          update() {},
          async submit() {
            return {};
          },
          async fetchUpdates() {
            return {};
          },
        };
      },
      async createToken() {
        return {
          error: { type: 'invalid_request_error', message: 'createToken is not in the Stripe.js double' },
        };
      },
      async createPaymentMethod() {
        return {
          error: {
            type: 'invalid_request_error',
            message: 'createPaymentMethod is not in the Stripe.js double',
          },
        };
      },
      /** https://docs.stripe.com/js/payment_intents/confirm_card_payment */
      async confirmCardPayment(
        clientSecret: string,
        data?: {
          payment_method?:
            | string
            | {
                card?: { _paymentMethod?: () => { number?: string; error?: unknown } };
                billing_details?: Record<string, unknown>;
              };
        },
      ) {
        const pm = data?.payment_method;
        if (typeof pm === 'string') return confirm(clientSecret, { payment_method: pm });
        const card = pm?.card;
        if (!card || typeof card._paymentMethod !== 'function')
          return {
            error: {
              type: 'invalid_request_error',
              message: 'A card element is needed to confirm this payment.',
            },
          };
        const chosen = card._paymentMethod();
        if (chosen.error) return { error: chosen.error };
        // Stripe.js creates the PaymentMethod from the card and the billing details in one call.
        return confirm(clientSecret, {
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': chosen.number,
          ...billing('payment_method_data[billing_details]', pm?.billing_details),
        });
      },
      /** https://docs.stripe.com/js/payment_intents/confirm_payment (the Express Checkout Element's wallet). */
      async confirmPayment(args: {
        elements?: { _group?: { walletPm: { number: string; wallet: string } | null } };
        clientSecret?: string;
        confirmParams?: { payment_method_data?: { billing_details?: Record<string, unknown> } };
        redirect?: string;
      }) {
        const pm = args.elements?._group?.walletPm;
        if (!pm || !args.clientSecret)
          return {
            error: {
              type: 'invalid_request_error',
              message: 'Nothing to confirm: no wallet payment and client secret.',
            },
          };
        return confirm(args.clientSecret, {
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': pm.number,
          // The double's own field (docs/payments.md): the charge then says it was a wallet.
          'payment_method_data[card][wallet]': pm.wallet,
          ...billing(
            'payment_method_data[billing_details]',
            args.confirmParams?.payment_method_data?.billing_details,
          ),
        });
      },
      async retrievePaymentIntent(clientSecret: string) {
        const id = String(clientSecret).split('_secret_')[0];
        const res = await fetch(
          `${options.apiBase}/v1/payment_intents/${encodeURIComponent(id ?? '')}?client_secret=${encodeURIComponent(clientSecret)}`,
          { headers: { Authorization: `Bearer ${publishableKey}` } },
        );
        const body = await res.json().catch(() => ({}));
        return res.ok ? { paymentIntent: body } : { error: body.error };
      },
    };
    return stripe;
  }
  // @stripe/stripe-js compares this with the release train it expects, and warns otherwise.
  Stripe.version = 'endive';
  w.Stripe = Stripe;
}
