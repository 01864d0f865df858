import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../src/settings/messages';
import { DEFAULT_SETTINGS, SETTINGS_MODULE, settingsSectionOf } from '../src/settings/settings';
import {
  DEFAULT_SUBSCRIPTION_SETTINGS,
  frequencyLabel,
  OUT_OF_STOCK_POLICY_LABELS,
  SubscriptionSettings,
} from '../src/subscriptions/settings';

const messagesOf = (value: unknown) => {
  const r = SubscriptionSettings.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const valid = { enabled: true, frequencyWeeks: [1, 2, 4], discountPercent: 10, outOfStock: 'skip' };

describe('subscription settings', () => {
  it('a fresh store offers nothing yet, and when switched on every 1, 2 or 4 weeks at 10 % off, out of stock moving a week', () => {
    expect(DEFAULT_SETTINGS.subscriptions).toEqual({
      enabled: false,
      frequencyWeeks: [1, 2, 4],
      discountPercent: 10,
      outOfStock: 'move_week',
    });
    expect(DEFAULT_SETTINGS.subscriptions).toEqual(DEFAULT_SUBSCRIPTION_SETTINGS);
    expect(SubscriptionSettings.safeParse(DEFAULT_SETTINGS.subscriptions).success).toBe(true);
    // Staff with the settings module edit it, as every store-wide section.
    expect(SETTINGS_MODULE.subscriptions).toBe('settings');
  });

  it('refuses frequencies out of 1–8 weeks, repeated, unordered, none or more than four, with the message staff read', () => {
    const weeks = SETTINGS_MESSAGES['settings.subscriptionWeeks'].en;
    const list = SETTINGS_MESSAGES['settings.subscriptionFrequencies'].en;
    expect(messagesOf({ ...valid, frequencyWeeks: [0, 2] })).toEqual([weeks]);
    expect(messagesOf({ ...valid, frequencyWeeks: [2, 9] })).toEqual([weeks]);
    expect(messagesOf({ ...valid, frequencyWeeks: [1.5] })).toEqual([weeks]);
    expect(messagesOf({ ...valid, frequencyWeeks: [2, 2] })).toEqual([list]);
    expect(messagesOf({ ...valid, frequencyWeeks: [4, 2] })).toEqual([list]);
    expect(messagesOf({ ...valid, frequencyWeeks: [] })).toEqual([list]);
    expect(messagesOf({ ...valid, frequencyWeeks: [1, 2, 3, 4, 6] })).toEqual([list]);
    expect(messagesOf({ ...valid, frequencyWeeks: [3, 6, 8] })).toEqual([]);
  });

  it('refuses a discount outside 0–50 % and an unknown out-of-stock policy', () => {
    const discount = SETTINGS_MESSAGES['settings.subscriptionDiscount'].en;
    expect(messagesOf({ ...valid, discountPercent: 51 })).toEqual([discount]);
    expect(messagesOf({ ...valid, discountPercent: -1 })).toEqual([discount]);
    expect(messagesOf({ ...valid, discountPercent: 12.5 })).toEqual([discount]);
    expect(messagesOf({ ...valid, discountPercent: 0 })).toEqual([]);
    expect(messagesOf({ ...valid, outOfStock: 'wait' })).toEqual([
      SETTINGS_MESSAGES['settings.subscriptionOutOfStock'].en,
    ]);
  });

  it('a stored row off the contract reads as the default, never garbage into a cycle’s price', () => {
    expect(settingsSectionOf('subscriptions', { ...valid, discountPercent: 90 })).toEqual(
      DEFAULT_SETTINGS.subscriptions,
    );
    expect(settingsSectionOf('subscriptions', valid)).toEqual(valid);
  });

  it('names each frequency and policy in English and Arabic', () => {
    expect([1, 2, 4, 11].map((w) => frequencyLabel(w, 'en'))).toEqual([
      'Every week',
      'Every 2 weeks',
      'Every 4 weeks',
      'Every 11 weeks',
    ]);
    expect([1, 2, 4, 11].map((w) => frequencyLabel(w, 'ar'))).toEqual([
      'كل أسبوع',
      'كل أسبوعين',
      'كل 4 أسابيع',
      'كل 11 أسبوعًا',
    ]);
    for (const label of Object.values(OUT_OF_STOCK_POLICY_LABELS)) {
      expect(label.en).not.toBe('');
      expect(label.ar).toMatch(/[\u0600-\u06FF]/);
    }
    for (const code of [
      'settings.subscriptionWeeks',
      'settings.subscriptionFrequencies',
      'settings.subscriptionDiscount',
      'settings.subscriptionOutOfStock',
    ] as const) {
      expect(SETTINGS_MESSAGES[code].ar).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
