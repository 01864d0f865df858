/**
 * The body the storefront's payment step posts for a checkout of seeded variations (SPEC 7): one
 * line per variation, to Deira. The browser's prices and totals are placeholders on purpose —
 * the server prices the order from the database — unless a line's `price` says otherwise.
 */
export function claimBody(
  customer: { fullName: string; email: string; phone: string },
  lines: { id: string; productId: string; price?: number; quantity: number }[],
  currency: string,
) {
  return {
    customerInfo: customer,
    shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
    items: lines.map((l) => ({
      id: `${l.id}-line`,
      productId: l.productId,
      variationId: l.id,
      name: 'Coffee',
      price: l.price ?? 1,
      quantity: l.quantity,
      variation: { weight: '250g', beans: null, additions: null },
    })),
    subtotal: 1,
    shippingCost: 0,
    discount: 0,
    tax: 0,
    amount: 1,
    currency,
  };
}
