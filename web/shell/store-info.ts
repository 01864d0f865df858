/**
 * The store's own contact facts, shown in the footer and on the contact page. Numbers and
 * addresses read left to right in both languages, so they are not translated.
 */
export const STORE_INFO = {
  /** The 24/7 support line (SPEC 1: support described as 24/7). */
  supportPhone: '+971 800 724 92',
  supportPhoneHref: 'tel:+97180072492',
  email: 'hello@qahwa.ae',
} as const;
