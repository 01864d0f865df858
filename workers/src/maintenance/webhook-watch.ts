import type { Db } from '@qahwa/db';
import { createPaymentsAdminRepository } from '@qahwa/db';
import type { Logger } from 'pino';
import { type MaintenanceTask, maintenanceTask } from './task';

export interface WebhookWatchOptions {
  db: Db;
  logger: Logger;
  /** Time between two passes; the first runs at start. */
  intervalMs: number;
  /** A payment with no webhook this long after it was recorded needs staff. */
  missingAfterMs: number;
  /** Only payments recorded within this window are looked at. */
  lookbackMs: number;
}

export interface WebhookWatchResult {
  flagged: string[];
  cleared: string[];
}

export type WebhookWatch = MaintenanceTask<WebhookWatchResult, []>;

/**
 * "Webhook never came" (docs/payments-logs.md): the card and pay-later flows make the
 * order from the shopper's return as well as from the provider's webhook, so a webhook endpoint that
 * is misconfigured (a rotated secret, a wrong URL) goes unnoticed while orders still arrive — until
 * the day the shopper's tab closes after paying and the money comes with no order. This pass marks
 * such payments for staff (needs attention, `WEBHOOK_MISSING`) and clears the mark when the webhook
 * turns up late (the provider retries for days).
 */
export function createWebhookWatch(options: WebhookWatchOptions): WebhookWatch {
  const log = options.logger.child({ component: 'webhook-watch' });
  const repo = createPaymentsAdminRepository(options.db);

  async function watch(): Promise<WebhookWatchResult> {
    const result = await repo.watchWebhooks({
      olderThanMs: options.missingAfterMs,
      lookbackMs: options.lookbackMs,
    });
    if (result.flagged.length > 0) {
      // An error: someone must look at the provider's webhook settings, not only at these payments.
      log.error(
        { payments: result.flagged },
        'payments without their provider webhook; check the webhook endpoint',
      );
    }
    if (result.cleared.length > 0)
      log.info({ payments: result.cleared }, 'late webhooks arrived; attention cleared');
    return result;
  }

  return maintenanceTask({ intervalMs: options.intervalMs, log, name: 'webhook watch', pass: watch });
}
