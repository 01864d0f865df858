import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  TimeoutFailure,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ChargeFailure, CycleRef } from './activities';

/*
 * The subscription workflow's skeleton (docs/subscriptions.md "The workflow"): one run per
 * subscription (`subscriptionWorkflowId`), sleeping until each cycle is due, charging the saved
 * card off-session with one Idempotency-Key per attempt, retrying a declined charge after 1, 3 and
 * 5 days and then pausing, skip / pause / resume by signal, continue-as-new every few cycles.
 * Next round: pricing with the subscription discount and stock, the order through the order core,
 * the change log, e-mails, events, search attributes.
 */

const DAY_MS = 24 * 60 * 60_000;

export interface SubscriptionTiming {
  /** A week: the unit of frequencies and pauses. */
  weekMs: number;
  /** The waits before each retry of a declined charge; after the last, the subscription pauses. */
  retryDelaysMs: number[];
}

/** The real timing. Tests pass short intervals in the input (the same code path, seconds). */
export const SUBSCRIPTION_TIMING: SubscriptionTiming = {
  weekMs: 7 * DAY_MS,
  retryDelaysMs: [1 * DAY_MS, 3 * DAY_MS, 5 * DAY_MS],
};

/** A shopper's pause is 1 to 8 weeks (docs/subscriptions.md "The manage link"). */
export const PAUSE_WEEKS = { min: 1, max: 8 } as const;

export interface SubscriptionInput {
  number: string;
  /** The next cycle to run (2 after the first checkout, which was cycle 1). */
  cycle: number;
  frequencyWeeks: number;
  /** When that cycle is due (ISO). */
  dueAt: string;
  /** Ends after this cycle (tests); without it the run goes on until cancelled. */
  lastCycle?: number;
  /** Cycles per run before continue-as-new keeps the history small (default 12). */
  cyclesPerRun?: number;
  timing?: Partial<SubscriptionTiming>;
  /** What a previous run handed over at continue-as-new. */
  carried?: {
    skipNext: boolean;
    pausedUntil: string | null;
    pauseWeeks: number;
    history: SubscriptionHistory;
  };
}

/** What the run has done, cycle by cycle (the query's answer; carried over at continue-as-new). */
export interface SubscriptionHistory {
  charged: { cycle: number; paymentIntentId: string; amountFils: number; attempts: number }[];
  skipped: number[];
  failed: { cycle: number; codes: string[] }[];
}

export interface SubscriptionState extends SubscriptionHistory {
  cycle: number;
  status: 'waiting' | 'charging' | 'past_due' | 'paused' | 'ended';
  dueAt: string;
  skipNext: boolean;
  pausedUntil: string | null;
}

/** Skip the next delivery (the one not yet being charged). */
export const skipNextSignal = defineSignal('skipNext');
/**
 * Pause 1–8 weeks: the next delivery not yet being charged comes that many weeks later (after
 * any pause already running). Sent while a cycle is being charged, it applies to the next one.
 */
export const pauseSignal = defineSignal<[{ weeks: number }]>('pause');
/** End a pause (the shopper's, or the one after a charge failed for good). */
export const resumeSignal = defineSignal('resume');
export const subscriptionStateQuery = defineQuery<SubscriptionState>('subscriptionState');

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  // Stripe or the database down: retried with the same key for up to an hour, well inside
  // Stripe's 24 hours of Idempotency-Keys (docs/subscriptions.md "Ids and idempotency").
  scheduleToCloseTimeout: '1 hour',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * A failed attempt the schedule of retries handles: Stripe's decline, or Stripe (or the database)
 * out of reach for the activity's whole hour — then the next attempt first looks for a charge whose
 * answer was lost. Anything else (a subscription that does not exist) fails the run.
 */
const chargeFailureOf = (err: unknown): ChargeFailure | null => {
  const cause = err instanceof ActivityFailure ? err.cause : null;
  if (cause instanceof TimeoutFailure) return { code: 'unavailable', paymentIntentId: null };
  if (!(cause instanceof ApplicationFailure) || cause.type !== 'SUBSCRIPTION_CHARGE_FAILED') return null;
  return (
    (cause.details?.[0] as ChargeFailure | undefined) ?? { code: 'card_declined', paymentIntentId: null }
  );
};

export async function subscription(input: SubscriptionInput): Promise<SubscriptionState> {
  const timing: SubscriptionTiming = { ...SUBSCRIPTION_TIMING, ...input.timing };
  const carried = input.carried;
  const history: SubscriptionHistory = carried?.history ?? { charged: [], skipped: [], failed: [] };
  let cycle = input.cycle;
  let dueAt = Date.parse(input.dueAt);
  let skipNext = carried?.skipNext ?? false;
  let pausedUntil = carried?.pausedUntil ? Date.parse(carried.pausedUntil) : null;
  // Weeks asked for and not yet laid on a due date (a pause that arrived during a charge).
  let pauseWeeks = carried?.pauseWeeks ?? 0;
  let status: SubscriptionState['status'] = 'waiting';
  let waitingForResume = false;
  let wake = false;

  const state = (): SubscriptionState => ({
    ...history,
    cycle,
    status,
    dueAt: new Date(dueAt).toISOString(),
    skipNext,
    pausedUntil: pausedUntil === null ? null : new Date(pausedUntil).toISOString(),
  });
  setHandler(subscriptionStateQuery, state);
  setHandler(skipNextSignal, () => {
    skipNext = true;
    wake = true;
  });
  setHandler(pauseSignal, ({ weeks }) => {
    pauseWeeks += Math.min(PAUSE_WEEKS.max, Math.max(PAUSE_WEEKS.min, Math.round(weeks)));
    wake = true;
  });
  setHandler(resumeSignal, () => {
    pausedUntil = null;
    pauseWeeks = 0;
    waitingForResume = false;
    wake = true;
  });

  /** Sleeps until the cycle is due and no pause holds it; a signal wakes it to look again. */
  async function untilDue(): Promise<void> {
    for (;;) {
      if (pauseWeeks > 0) {
        pausedUntil = Math.max(pausedUntil ?? 0, dueAt) + pauseWeeks * timing.weekMs;
        pauseWeeks = 0;
      }
      const until = Math.max(dueAt, pausedUntil ?? 0);
      const left = until - Date.now();
      if (left <= 0) break;
      status = pausedUntil !== null && pausedUntil > dueAt ? 'paused' : 'waiting';
      wake = false;
      await condition(() => wake, left);
    }
    if (pausedUntil !== null && pausedUntil <= Date.now()) pausedUntil = null;
  }

  /** Charges the cycle, retrying a decline after each of the retry delays; false when every try failed. */
  async function charge(ref: CycleRef): Promise<boolean> {
    const codes: string[] = [];
    for (let attempt = 1; ; attempt++) {
      status = 'charging';
      try {
        const paid = await acts.chargeSubscriptionCycle(ref, attempt);
        history.charged.push({ cycle: ref.cycle, ...paid, attempts: attempt });
        return true;
      } catch (err) {
        const failure = chargeFailureOf(err);
        if (!failure) throw err;
        codes.push(failure.code);
        const delay = timing.retryDelaysMs[attempt - 1];
        if (delay === undefined) {
          history.failed.push({ cycle: ref.cycle, codes });
          return false;
        }
        status = 'past_due';
        // A resume (the card updated) retries at once.
        wake = false;
        await condition(() => wake, delay);
      }
    }
  }

  const cyclesPerRun = input.cyclesPerRun ?? 12;
  for (let ran = 0; ; ran++) {
    if (input.lastCycle !== undefined && cycle > input.lastCycle) {
      status = 'ended';
      await condition(allHandlersFinished);
      return state();
    }
    if (ran >= cyclesPerRun) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof subscription>({
        ...input,
        cycle,
        dueAt: new Date(dueAt).toISOString(),
        carried: { skipNext, pausedUntil: state().pausedUntil, pauseWeeks, history },
      });
    }
    await untilDue();
    const ref: CycleRef = { number: input.number, cycle, dueAt: new Date(dueAt).toISOString() };
    if (skipNext) {
      skipNext = false;
      await acts.skipSubscriptionCycle(ref, 'shopper');
      history.skipped.push(cycle);
    } else if (!(await charge(ref))) {
      await acts.failSubscriptionCycle(ref);
      status = 'paused';
      waitingForResume = true;
      await condition(() => !waitingForResume);
    }
    cycle += 1;
    dueAt = Date.now() + input.frequencyWeeks * timing.weekMs;
    status = 'waiting';
    await acts.scheduleSubscription(input.number, {
      nextChargeAt: new Date(dueAt).toISOString(),
      status: 'active',
    });
  }
}
