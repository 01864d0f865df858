import { z } from 'zod';
import type { Locale } from '../money/money';
import { SETTINGS_MESSAGES } from '../settings/messages';

/*
 * The subscriptions section of the store's settings (docs/subscriptions.md, docs/settings.md):
 * whether subscribe-and-save is offered, the frequencies a shopper may choose, the discount a
 * subscription's every delivery gets, and what a cycle does when an item is out of stock at
 * charge time. Pure: the settings repository stores it, the subscription workflow's activities
 * read it with each cycle (never workflow code), and the screens of the next round show it.
 */

const en = (code: keyof typeof SETTINGS_MESSAGES) => SETTINGS_MESSAGES[code].en;

/** The longest frequency staff may offer: beans roasted for a fortnight keep about two months. */
export const SUBSCRIPTION_MAX_WEEKS = 8;
/** At most this many choices beside each other on a phone's product page. */
export const SUBSCRIPTION_MAX_FREQUENCIES = 4;
/** A discount above this would sell below the roastery's cost; staff may offer 0 (none). */
export const SUBSCRIPTION_MAX_DISCOUNT_PERCENT = 50;

export const OUT_OF_STOCK_POLICIES = ['move_week', 'skip'] as const;
export type OutOfStockPolicy = (typeof OUT_OF_STOCK_POLICIES)[number];

const Weeks = z
  .number({ error: en('settings.subscriptionWeeks') })
  .int({ error: en('settings.subscriptionWeeks') })
  .min(1, { error: en('settings.subscriptionWeeks') })
  .max(SUBSCRIPTION_MAX_WEEKS, { error: en('settings.subscriptionWeeks') });

export const SubscriptionSettings = z
  .object({
    /** Offered to shoppers at all; off until the subscribe choice and the manage page exist. */
    enabled: z.boolean(),
    /** The frequencies offered, in weeks, ascending, each once. */
    frequencyWeeks: z
      .array(Weeks, { error: en('settings.subscriptionFrequencies') })
      .min(1, { error: en('settings.subscriptionFrequencies') })
      .max(SUBSCRIPTION_MAX_FREQUENCIES, { error: en('settings.subscriptionFrequencies') })
      .refine((w) => w.every((x, i) => i === 0 || x > (w[i - 1] ?? 0)), {
        error: en('settings.subscriptionFrequencies'),
      }),
    /** Off every delivery's goods, as a sale is (docs/subscriptions.md "Price"). */
    discountPercent: z
      .number({ error: en('settings.subscriptionDiscount') })
      .int({ error: en('settings.subscriptionDiscount') })
      .min(0, { error: en('settings.subscriptionDiscount') })
      .max(SUBSCRIPTION_MAX_DISCOUNT_PERCENT, { error: en('settings.subscriptionDiscount') }),
    /** An item out of stock at charge time: the cycle moves a week later, or is skipped. */
    outOfStock: z.enum(OUT_OF_STOCK_POLICIES, { error: en('settings.subscriptionOutOfStock') }),
  })
  .meta({ id: 'SubscriptionSettings' });
export type SubscriptionSettings = z.infer<typeof SubscriptionSettings>;

/** A fresh store: off, every 1, 2 or 4 weeks, 10 % off, an out-of-stock cycle moves a week. */
export const DEFAULT_SUBSCRIPTION_SETTINGS: Readonly<SubscriptionSettings> = Object.freeze({
  enabled: false,
  frequencyWeeks: [1, 2, 4],
  discountPercent: 10,
  outOfStock: 'move_week',
});

/** "Every 2 weeks" / "كل أسبوعين": Arabic counts 1, 2, 3–10 and 11+ differently. */
export function frequencyLabel(weeks: number, locale: Locale): string {
  if (locale === 'ar') {
    if (weeks === 1) return 'كل أسبوع';
    if (weeks === 2) return 'كل أسبوعين';
    if (weeks <= 10) return `كل ${weeks} أسابيع`;
    return `كل ${weeks} أسبوعًا`;
  }
  return weeks === 1 ? 'Every week' : `Every ${weeks} weeks`;
}

/** The out-of-stock policy as the settings screen names it. */
export const OUT_OF_STOCK_POLICY_LABELS: Record<OutOfStockPolicy, { en: string; ar: string }> = {
  move_week: { en: 'Move the delivery a week later', ar: 'تأجيل التوصيل أسبوعًا' },
  skip: { en: 'Skip that delivery', ar: 'تخطي ذلك التوصيل' },
};
