import { createStockRepository, type Db, type ReleasedStockHold } from '@qahwa/db';
import type { Logger } from 'pino';
import { type MaintenanceTask, maintenanceTask } from './task';

export interface StockHoldSweeperOptions {
  db: Db;
  logger: Logger;
  /** Time between two passes; the first runs at start. */
  intervalMs: number;
  /** Holds given back per transaction (a pass loops until none is left). */
  batchSize?: number;
}

export type StockHoldSweeper = MaintenanceTask<ReleasedStockHold[], [now?: Date]>;

/**
 * Gives back the stock card payments held past their expiry (docs/payments.md "Stock held for a
 * card payment"). A hold ends by itself when its order consumes it, its payment fails or its
 * checkout closes; a shopper who left the payment page open, or paid with no order after it,
 * leaves it held, and every other shopper would be told the bag is gone. Each batch is one
 * transaction that deletes the holds it gives back (skipping any an order is consuming at that
 * moment), so a hold goes back once however many sweepers run; a payment that succeeds later
 * takes free stock if there is some.
 */
export function createStockHoldSweeper(options: StockHoldSweeperOptions): StockHoldSweeper {
  const log = options.logger.child({ component: 'stock-hold-sweeper' });
  const batchSize = options.batchSize ?? 500;

  async function sweep(now: Date = new Date()): Promise<ReleasedStockHold[]> {
    const released: ReleasedStockHold[] = [];
    for (;;) {
      const batch = await options.db.transaction((tx) =>
        createStockRepository(tx).releaseExpiredHolds(now, batchSize, tx),
      );
      released.push(...batch);
      if (batch.length < batchSize) break;
    }
    if (released.length > 0) {
      // Ids and counts only: which checkouts lost their hold, for the payment that may come late.
      log.info({ released }, 'expired card stock holds given back');
    }
    return released;
  }

  return maintenanceTask({ intervalMs: options.intervalMs, log, name: 'stock hold sweep', pass: sweep });
}
