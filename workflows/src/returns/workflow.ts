import { addWorkingDays, RETURN_REMINDER_WORKING_DAYS } from '@qahwa/schema/returns';
import { condition, defineQuery, defineSignal, log, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ReturnActivities, ReturnSnapshot } from './activities';

/** Test timers (no time-skipping server here): production leaves them out. */
export interface ReturnTimers {
  /** From the request (or the last reminder) to staff's reminder; default 2 UAE working days. */
  reminderMs?: number;
  /** From approval to expiry when the goods have not arrived; default the row's `arrive_by` (14 days). */
  arrivalMs?: number;
}

export interface ReturnProcessInput {
  returnNumber: string;
  /** The row's id: a run of another database's return under the same number is told apart by it. */
  returnId: string;
  orderId: string;
  timers?: ReturnTimers;
  requestId?: string;
}

export type ReturnProcessEnd = 'rejected' | 'expired' | 'refunded' | 'gone';

/**
 * A staff action committed (approve, reject, receive, refund asked): the run reads the row again.
 * It carries nothing: the database is the truth, so a lost or doubled signal changes nothing.
 */
export const returnChangedSignal = defineSignal('returnChanged');
export const returnStateQuery = defineQuery<ReturnSnapshot | null>('returnState');

const REFUSED = ['RETURN_REFUND_REFUSED', 'RETURN_NOT_CONFIGURED', 'RETURN_MAIL_NOT_CONFIGURED'];

const db = proxyActivities<ReturnActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
/**
 * The provider's refund: retried for a day with the same idempotency key; a worker that dies
 * mid-call stops heartbeating and the call is retried on another worker.
 */
const money = proxyActivities<ReturnActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '5 seconds',
  scheduleToCloseTimeout: '1 day',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: REFUSED,
  },
});
const mail = proxyActivities<ReturnActivities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '3 days',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: REFUSED,
  },
});

/**
 * returnProcess (docs/returns.md): one run per return, id `return-<number>`. Staff's routes write
 * each decision to the database and signal; the run reads the row and does what the state owes:
 * requested → waits for a decision, reminding staff every 2 working days; approved → tells the
 * shopper and waits for the goods, expiring the return after 14 days; rejected → tells the
 * shopper; received → waits for staff's Refund, then refunds once (the refunds row's reference is
 * the provider's idempotency key), records the credit note, the stock and RefundIssued, and tells
 * the shopper.
 */
export async function returnProcess(input: ReturnProcessInput): Promise<ReturnProcessEnd> {
  const { returnNumber: number, returnId } = input;
  let changes = 0;
  let snapshot: ReturnSnapshot | null = null;
  setHandler(returnChangedSignal, () => {
    changes++;
  });
  setHandler(returnStateQuery, () => snapshot);

  /**
   * Changes counted when the row was last read: a signal that came while an activity ran (after
   * that read) ends the next wait at once, so no decision is slept through.
   */
  let seen = 0;
  /** Waits for a change since the last read, or `ms`; true when something changed. */
  const waitChange = async (ms?: number) => {
    if (ms === undefined) {
      await condition(() => changes !== seen);
      return true;
    }
    return condition(() => changes !== seen, Math.max(ms, 1));
  };

  /** An e-mail that cannot be sent (no mailer, three days of SMTP outage) never stops the return. */
  const tell = async (kind: 'approved' | 'rejected' | 'refunded' | 'expired') => {
    try {
      await mail.tellShopper(number, kind);
    } catch (err) {
      log.error('return e-mail not sent', { number, kind, err: String(err) });
    }
  };

  let reminders = 0;
  let remindFrom = Date.now();
  for (;;) {
    seen = changes;
    snapshot = await db.loadReturn(number, returnId);
    if (!snapshot) return 'gone';
    switch (snapshot.status) {
      case 'requested': {
        const due = input.timers?.reminderMs
          ? remindFrom + input.timers.reminderMs
          : addWorkingDays(
              new Date(Math.max(remindFrom, snapshot.requestedAtMs)),
              RETURN_REMINDER_WORKING_DAYS,
            ).getTime();
        if (!(await waitChange(due - Date.now()))) {
          reminders++;
          await mail.remindStaff(number, reminders).catch((err) => {
            log.error('return reminder not sent', { number, err: String(err) });
          });
          remindFrom = Date.now();
        }
        break;
      }
      case 'approved': {
        await tell('approved');
        const until = input.timers?.arrivalMs
          ? snapshot.decidedAtMs + input.timers.arrivalMs
          : (snapshot.arriveByMs ?? snapshot.decidedAtMs);
        if (!(await waitChange(until - Date.now()))) {
          if (await db.expireReturn(number)) log.info('return expired', { number });
        }
        break;
      }
      case 'received': {
        if (snapshot.refund === 'requested') {
          try {
            await money.refundReturn(number);
          } catch (err) {
            // Refused by the provider (recorded `failed` on the refunds row, shown to staff) or a
            // day of outage: staff's next Refund asks again under the same key.
            log.warn('return refund not made', { number, err: String(err) });
            await waitChange();
            break;
          }
          await db.completeRefund(number);
        } else if (snapshot.refund === 'succeeded') {
          await db.completeRefund(number);
        } else {
          await waitChange();
        }
        break;
      }
      case 'rejected':
      case 'expired':
      case 'refunded':
        await tell(snapshot.status);
        return snapshot.status;
    }
  }
}
