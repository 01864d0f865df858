import type { CreateOrderRequest, LeadUpdateRequest } from '@qahwa/schema';

/**
 * SPEC 4, pay-later flow: "the lead is marked converted" when the session is created, before the
 * browser leaves for the provider. The order itself comes later (the workflow writes it once the
 * provider authorises), so this is the only moment the storefront can say it.
 */
export function convertedLeadUpdate(claim: CreateOrderRequest): LeadUpdateRequest {
  const items = claim.items.map((i) => ({
    id: i.id,
    variationId: i.variationId,
    name: i.name,
    price: i.price,
    quantity: i.quantity,
    total: Math.round(i.price * i.quantity * 100) / 100,
  }));
  return {
    email: claim.customerInfo.email,
    status: 'CONVERTED',
    convertedData: {
      name: claim.customerInfo.fullName,
      phone: claim.customerInfo.phone,
      value: claim.totalAmount,
      currency: 'AED',
      items,
    },
    hasPaymentInfo: true,
    preferredPayment: 'tabby',
    paymentData: { preferredPayment: 'tabby' },
  };
}

/**
 * PATCH /api/leads, fire and forget (SPEC 8: lead update failures are silent). `keepalive` lets
 * the request finish although the page navigates to the provider right after.
 */
export function markLeadConverted(claim: CreateOrderRequest): void {
  try {
    void fetch('/api/leads', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(convertedLeadUpdate(claim)),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // silent by design
  }
}
