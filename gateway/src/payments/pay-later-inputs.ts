import type { CheckoutPricing } from '@qahwa/checkout';
import type { TabbySessionRequest } from '@qahwa/checkout/payments';
import type { CheckoutRow } from '@qahwa/db';
import { type CheckoutClaim, contactOf, type Locale } from '@qahwa/schema';
import type { PayLaterInput, PayLaterTiming } from '@qahwa/workflows';
import { storedCheckoutInput } from './card-checkout';

/** What the gateway keeps in `checkouts.request` for a pay-later checkout (claim + the session). */
export interface PayLaterStoredRequest extends CheckoutClaim {
  session: { id: string; webUrl: string | null };
  idempotencyKey?: string | null;
  /** The shopper's contact as the cap on open sessions counts it (`contactOf`, normalised). */
  contact?: { email: string; phone: string };
}

/**
 * The workflow's input, built only from what the gateway stored at the session — never from the
 * browser's return or the webhook's body — so whichever of the three starts the workflow, it is
 * the same run with the same order.
 */
export function payLaterInputOf(row: CheckoutRow, timing: Partial<PayLaterTiming>): PayLaterInput {
  const checkout = storedCheckoutInput(row, { paymentProvider: 'TABBY' });
  return { checkout, paymentId: row.providerPaymentId!, amountFils: row.totalFils, timing };
}

/** The session Tabby is asked for: the server's totals (SPEC 7 shape), the shopper's language. */
export function sessionRequestOf(input: {
  claim: CheckoutClaim;
  priced: CheckoutPricing;
  checkoutId: string;
  locale: Locale;
  storefrontUrl: string;
}): TabbySessionRequest {
  const { claim, priced, checkoutId, locale, storefrontUrl } = input;
  const contact = contactOf(claim.customerInfo);
  const back = (result: string) => `${storefrontUrl}/checkout/pay-later?result=${result}`;
  return {
    amountFils: priced.totalFils,
    currency: 'AED',
    description: `qahwa order ${checkoutId}`,
    buyer: { name: contact.fullName, email: contact.email, phone: contact.phone },
    shippingAddress: {
      city: claim.shippingInfo.city,
      address: claim.shippingInfo.address.trim(),
      zip: '00000',
    },
    order: {
      referenceId: checkoutId,
      taxFils: priced.taxFils,
      shippingFils: priced.shippingFils,
      discountFils: priced.discountFils,
      items: priced.lines.map((l) => ({
        referenceId: l.variationId,
        title: locale === 'ar' ? l.nameAr : l.name,
        quantity: l.quantity,
        unitPriceFils: l.unitFils,
        category: 'coffee',
      })),
    },
    meta: { orderId: checkoutId, customer: contact.email },
    lang: locale,
    merchantUrls: { success: back('success'), cancel: back('cancel'), failure: back('failure') },
  };
}
