/**
 * The seven fields that name a cart line once it leaves the cart: the order's claim of a line
 * (OrderItemClaim) and the line a lead keeps (the recovery e-mail and link). The storefront
 * sends an order's lines as this, and the gateway stores a lead's lines as this, dropping what
 * the browser added (the cart's pictures and Arabic names, a lead line's `total`).
 */
export interface LineClaimFields {
  id: string;
  productId?: string | undefined;
  variationId?: string | undefined;
  name: string;
  price: number;
  quantity: number;
  variation?: { weight?: string | null; beans?: string | null; additions?: string | null } | undefined;
}

/** The line's claim fields, and nothing else (a key the line lacks stays undefined). */
export function lineClaimOf<L extends LineClaimFields>(line: L): Pick<L, keyof LineClaimFields & keyof L> {
  return {
    id: line.id,
    productId: line.productId,
    variationId: line.variationId,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    variation: line.variation,
  } as Pick<L, keyof LineClaimFields & keyof L>;
}
