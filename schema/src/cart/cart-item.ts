import { z } from 'zod';

const VariationNames = z.object({
  weight: z.string().nullable(),
  beans: z.string().nullable(),
  additions: z.string().nullable(),
});

/**
 * SPEC 3 "Cart item". `price` is the AED unit price the browser saw: the variation's price after
 * its own discount, never the store's sale (the checkout applies the sale from the store's settings,
 * as the server does). `listPrice` is the variation's price before any discount: pricing needs both
 * to take the lower of the variation's discount and the sale (`priceCart`). Optional, so a cart
 * stored before it existed still loads (its summary then reads `price` as the list price). Both are
 * claims, re-checked by the server.
 * `variation` holds the option names in English (they identify the line, SPEC 4); `variationAr`,
 * when present, holds the same options' Arabic names for display only.
 */
export const CartItem = z
  .object({
    id: z.string().min(1),
    productId: z.string().min(1),
    variationId: z.string().min(1).optional(),
    name: z.string(),
    nameAr: z.string(),
    price: z.number().nonnegative(),
    listPrice: z.number().nonnegative().optional(),
    quantity: z.number().int().positive(),
    image: z.string().nullable(),
    variation: VariationNames,
    variationAr: VariationNames.optional(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const StoredCart = z.object({ version: z.string(), items: z.array(CartItem) });
export type StoredCart = z.infer<typeof StoredCart>;
