'use client';

import type { PayLaterRange } from '@qahwa/schema/payments';
import type { SaleConfig } from '@qahwa/schema/sale';
import type { ShippingSettings } from '@qahwa/schema/shipping';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The store's settings the browser's rules need (docs/settings.md): the shipping
 * fallback (the cart's nudge when the quote call fails), pay later's range (the radio, the submit,
 * the promo widget), the sale (the summary's claim) and the VAT rate (the summary's "Includes VAT"). The root layout reads them from the
 * gateway (lib/settings.ts) and hands them down; zod-free, so every page can carry it.
 */
export interface ShopperSettings {
  shipping: ShippingSettings;
  payLater: PayLaterRange;
  sale: SaleConfig;
  /** The VAT rate an order placed now carries, basis points (0 while the store is not VAT-registered). */
  vatRateBp: number;
}

// No default values: importing SPEC 9's defaults here put the pay-later, shipping and sale rules
// (about 1 KB) on every page, which only the checkout, the cart and a product page use (the
// 150 KB per route budget). Every storefront page is inside the root layout's provider.
const ShopperSettingsContext = createContext<ShopperSettings | null>(null);

export function ShopperSettingsProvider({
  value,
  children,
}: {
  value: ShopperSettings;
  children: ReactNode;
}) {
  return <ShopperSettingsContext.Provider value={value}>{children}</ShopperSettingsContext.Provider>;
}

export function useShopperSettings(): ShopperSettings {
  const settings = useContext(ShopperSettingsContext);
  if (!settings) throw new Error('useShopperSettings needs the root layout’s ShopperSettingsProvider');
  return settings;
}
