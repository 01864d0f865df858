import { z } from 'zod';

/**
 * A card payment's stock hold (docs/payments.md "Stock held for a card payment"): how long the
 * units stay out of stock for a payment under way (the gateway, when the intent is made), and how
 * often the workers' sweeper gives back the holds past it.
 */
export interface StockHoldSettings {
  /** CARD_STOCK_HOLD_MINUTES (30): a hold's lifetime from its intent's last change. */
  holdMs: number;
  /** CARD_STOCK_HOLD_SWEEP_INTERVAL_MS (60 s): time between two passes of the sweeper. */
  sweepIntervalMs: number;
}

/** The variables (spread into a process's env schema). */
export const StockHoldEnv = {
  // A day at most: a hold is a promise to one shopper that every other shopper pays for.
  CARD_STOCK_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  CARD_STOCK_HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
};

export function stockHoldSettingsOf(e: {
  CARD_STOCK_HOLD_MINUTES: number;
  CARD_STOCK_HOLD_SWEEP_INTERVAL_MS: number;
}): StockHoldSettings {
  return { holdMs: e.CARD_STOCK_HOLD_MINUTES * 60_000, sweepIntervalMs: e.CARD_STOCK_HOLD_SWEEP_INTERVAL_MS };
}
