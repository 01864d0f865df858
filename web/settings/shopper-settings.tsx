'use client';

import { DEFAULT_PAY_LATER_RANGE, type PayLaterRange } from '@qahwa/schema/payments/pay-later-widget';
import { SALE_CONFIG, type SaleConfig } from '@qahwa/schema/sale/sale-config';
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from '@qahwa/schema/shipping/shipping';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The store's settings the browser's rules need (issue 12, docs/settings.md): the shipping
 * fallback (the cart's nudge when the quote call fails), pay later's range (the radio, the submit,
 * the promo widget) and the sale (the summary's claim). The root layout reads them from the
 * gateway (lib/settings.ts) and hands them down; zod-free, so every page can carry it.
 */
export interface ShopperSettings {
  shipping: ShippingSettings;
  payLater: PayLaterRange;
  sale: SaleConfig;
}

// Only a tree rendered without the layout (a unit test) sees these: SPEC 9's values.
const ShopperSettingsContext = createContext<ShopperSettings>({
  shipping: DEFAULT_SHIPPING_SETTINGS,
  payLater: DEFAULT_PAY_LATER_RANGE,
  sale: SALE_CONFIG,
});

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
  return useContext(ShopperSettingsContext);
}
