/**
 * What the double's parts share in the page: the locale Stripe(key, { locale }) set, Stripe's
 * Arabic wording of its common errors, an element's event emitter, and digits of a typed field.
 *
 * Self-contained (no imports, no closures over this module): stripeJsDoubleScript() serves it
 * as source text (index.ts).
 */
export function createKit() {
  type Listener = (event: unknown) => void;
  // Stripe.js words its fields and its errors in the locale given to Stripe(key, { locale }).
  let locale = 'en';
  const AR_MESSAGES: Record<string, string> = {
    card_declined: 'تم رفض بطاقتك.',
    generic_decline: 'تم رفض بطاقتك.',
    insufficient_funds: 'رصيد بطاقتك غير كافٍ.',
    lost_card: 'تم رفض بطاقتك.',
    stolen_card: 'تم رفض بطاقتك.',
    expired_card: 'انتهت صلاحية بطاقتك.',
    incorrect_cvc: 'رمز الأمان الخاص ببطاقتك غير صحيح.',
    incorrect_number: 'رقم بطاقتك غير صحيح.',
    processing_error: 'حدث خطأ أثناء معالجة بطاقتك. يرجى المحاولة مرة أخرى.',
    incomplete_number: 'رقم بطاقتك غير مكتمل.',
    incomplete_expiry: 'تاريخ انتهاء صلاحية بطاقتك غير مكتمل.',
    incomplete_cvc: 'رمز الأمان الخاص ببطاقتك غير مكتمل.',
    invalid_expiry_month: 'تاريخ انتهاء صلاحية بطاقتك غير مكتمل.',
    invalid_expiry_year_past: 'سنة انتهاء صلاحية بطاقتك في الماضي.',
  };

  return {
    locale() {
      return locale;
    },
    setLocale(next: string) {
      locale = next;
    },

    localized<E extends { code?: string; decline_code?: string; message?: string } | undefined>(error: E): E {
      if (!error || locale !== 'ar') return error;
      const text = AR_MESSAGES[error.decline_code ?? ''] ?? AR_MESSAGES[error.code ?? ''];
      return text ? { ...error, message: text } : error;
    },

    emitter() {
      const listeners: Record<string, Listener[]> = {};
      return {
        on(type: string, fn: Listener) {
          listeners[type] = [...(listeners[type] ?? []), fn];
        },
        off(type: string, fn?: Listener) {
          listeners[type] = fn ? (listeners[type] ?? []).filter((l) => l !== fn) : [];
        },
        emit(type: string, event: unknown) {
          for (const fn of listeners[type] ?? []) fn(event);
        },
        has(type: string) {
          return (listeners[type] ?? []).length > 0;
        },
      };
    },

    digits(value: string) {
      return value.replace(/\D/g, '');
    },
  };
}

export type Kit = ReturnType<typeof createKit>;

/** What an `elements()` group holds: its mounted elements and the card a wallet's sheet handed over. */
export interface ElementsGroup {
  mounted: Record<string, unknown>;
  walletPm: { number: string; wallet: string } | null;
}
