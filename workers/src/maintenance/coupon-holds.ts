import { createPromotionsRepository, type Db, type ReleasedHold } from '@qahwa/db';
import type { Logger } from 'pino';
import { type MaintenanceTask, maintenanceTask } from './task';

export interface CouponHoldSweeperOptions {
  db: Db;
  logger: Logger;
  /** Time between two passes; the first runs at start. */
  intervalMs: number;
  /** How long after a pay-later hold's own expiry (the session's, at Tabby) it is given back. */
  graceMs: number;
  /** How old a hold without an expiry (cash on delivery, card) must be to count as dead. */
  orphanAfterMs: number;
}

export type CouponHoldSweeper = MaintenanceTask<ReleasedHold[], [now?: Date]>;

/**
 * Gives back coupon uses held by checkouts that will never order (docs/promotions.md "Held uses
 * that outlive their checkout"). A limited code's use is held before its order exists: by a
 * pay-later session while the shopper is at Tabby, and for milliseconds before the order's
 * transaction of a cash-on-delivery or card checkout. Every normal ending gives it back itself;
 * a workflow that never started, or a process that died between the hold and the order, leaves it
 * held for ever — a single-use voucher then refuses its rightful owner. This pass releases such a
 * hold once it is past its session's expiry plus a grace (pay later), or older than a margin
 * (no expiry); never one whose order exists or whose checkout may still be completed.
 */
export function createCouponHoldSweeper(options: CouponHoldSweeperOptions): CouponHoldSweeper {
  const log = options.logger.child({ component: 'coupon-hold-sweeper' });
  const promotions = createPromotionsRepository(options.db);

  async function sweep(now: Date = new Date()): Promise<ReleasedHold[]> {
    const released = await promotions.releaseStaleHolds({
      now,
      graceMs: options.graceMs,
      orphanAfterMs: options.orphanAfterMs,
    });
    if (released.length > 0) {
      // Each one was a use a shopper could not have; a steady stream of them means a flow that dies.
      log.warn({ released }, 'coupon uses held by dead checkouts given back');
    }
    return released;
  }

  return maintenanceTask({ intervalMs: options.intervalMs, log, name: 'coupon hold sweep', pass: sweep });
}
