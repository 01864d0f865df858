import type { Kit } from './kit';

/**
 * A Stripe instance's calls to Stripe's API: confirmCardPayment, confirmPayment (the wallet) and
 * retrievePaymentIntent. They confirm for real: `POST {apiBase}/v1/payment_intents/{id}/confirm`
 * with the publishable key and the `client_secret`, form-encoded, as Stripe.js does against
 * api.stripe.com; the stateful Stripe double (fakes/stripe) decides the outcome.
 *
 * Self-contained (no imports at run time, no closures over this module): stripeJsDoubleScript()
 * serves it as source text (index.ts).
 */
export function createConfirmations(apiBase: string, publishableKey: string, kit: Kit) {
  const { localized } = kit;

  function form(params: Record<string, string | undefined>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') body.set(k, v);
    return body;
  }

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
      res = await fetch(`${apiBase}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
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

  return {
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
        `${apiBase}/v1/payment_intents/${encodeURIComponent(id ?? '')}?client_secret=${encodeURIComponent(clientSecret)}`,
        { headers: { Authorization: `Bearer ${publishableKey}` } },
      );
      const body = await res.json().catch(() => ({}));
      return res.ok ? { paymentIntent: body } : { error: body.error };
    },
  };
}
