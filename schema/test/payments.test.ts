import { describe, expect, it } from 'vitest';
import {
  availablePaymentMethods,
  DEFAULT_PAY_LATER_RANGE,
  isPayLaterEligible,
  isSubmitDisabled,
  type PayLaterOutcome,
  payLaterOutcomeFrom,
  payLaterOutcomeMessage,
  payLaterWidgetOptions,
  submitButtonLabel,
} from '../src/payments';

describe('pay-later eligibility: 1 to 5000 AED inclusive (SPEC 4, 9)', () => {
  it.each([
    [99, false],
    [100, true],
    [250_000, true],
    [500_000, true],
    [500_001, false],
    [0, false],
    [-100, false],
  ])('%i fils → %s', (fils, ok) => {
    expect(isPayLaterEligible(fils, DEFAULT_PAY_LATER_RANGE)).toBe(ok);
    expect(availablePaymentMethods(fils, DEFAULT_PAY_LATER_RANGE).includes('tabby')).toBe(ok);
  });

  it("a range staff set (settings 'payLater') moves both ends", () => {
    const range = { minFils: 200_00, maxFils: 300_00 };
    expect(isPayLaterEligible(199_99, range)).toBe(false);
    expect(isPayLaterEligible(200_00, range)).toBe(true);
    expect(isPayLaterEligible(300_00, range)).toBe(true);
    expect(availablePaymentMethods(300_01, range)).toEqual(['card', 'cod']);
  });
});

describe('pay-later outcomes (SPEC 8)', () => {
  it.each<[PayLaterOutcome, string, string]>([
    [
      'not_available',
      "Tabby's payment is not available for this order. Please use your credit/debit card below.",
      'الدفع عبر تابي غير متاح لهذا الطلب. يرجى استخدام بطاقتك الائتمانية أو بطاقة الخصم أدناه.',
    ],
    [
      'cancelled',
      'You cancelled the payment with Tabby. You can try again or choose a different payment method.',
      'لقد ألغيت الدفع مع تابي. يمكنك المحاولة مرة أخرى أو اختيار طريقة دفع أخرى.',
    ],
    [
      'failed',
      'Sorry, Tabby is unable to approve this purchase. Please use an alternative payment method for your order.',
      'عذرًا، لا تستطيع تابي الموافقة على عملية الشراء هذه. يرجى استخدام طريقة دفع بديلة لإتمام طلبك.',
    ],
    [
      'rejected',
      'Sorry, Tabby is unable to approve this purchase. Please use an alternative payment method for your order.',
      'عذرًا، لا تستطيع تابي الموافقة على عملية الشراء هذه. يرجى استخدام طريقة دفع بديلة لإتمام طلبك.',
    ],
    [
      'amount_too_high',
      'This purchase is above your current spending limit with Tabby, try a smaller cart or use another payment method',
      'تتجاوز قيمة عملية الشراء هذه حدّ الإنفاق المتاح لك حاليًا لدى تابي، جرّب سلة أصغر أو استخدم طريقة دفع أخرى',
    ],
    [
      'amount_too_low',
      'The purchase amount is below the minimum amount required to use Tabby, try adding more items or use another payment method',
      'قيمة عملية الشراء أقل من الحد الأدنى المطلوب للدفع عبر تابي، جرّب إضافة المزيد من المنتجات أو استخدم طريقة دفع أخرى',
    ],
  ])('%s', (outcome, en, ar) => {
    expect(payLaterOutcomeMessage(outcome, 'en')).toBe(en);
    expect(payLaterOutcomeMessage(outcome, 'ar')).toBe(ar);
  });

  it.each<[{ reason?: string; status?: string }, PayLaterOutcome]>([
    [{ reason: 'not_available' }, 'not_available'],
    [{ reason: 'order_amount_too_high' }, 'amount_too_high'],
    [{ reason: 'order_amount_too_low' }, 'amount_too_low'],
    [{ status: 'cancel' }, 'cancelled'],
    [{ status: 'failure' }, 'failed'],
    [{ status: 'EXPIRED' }, 'failed'],
    [{ status: 'rejected' }, 'rejected'],
    [{}, 'rejected'],
  ])('provider signal %j → %s', (signal, outcome) => {
    expect(payLaterOutcomeFrom(signal)).toBe(outcome);
  });
});

describe('submit button (SPEC 2.7, 5)', () => {
  it.each<[boolean, 'card' | 'tabby' | 'cod', number, string, string]>([
    [true, 'card', 12345, 'Processing...', 'جارٍ المعالجة...'],
    [false, 'tabby', 12345, 'Continue with Tabby', 'المتابعة مع تابي'],
    [false, 'cod', 12345, 'Place COD Order', 'تأكيد الطلب والدفع عند الاستلام'],
    [false, 'card', 123450, 'Pay 1234.50 AED', 'ادفع 1234.50 د.إ'],
    [false, 'card', 5, 'Pay 0.05 AED', 'ادفع 0.05 د.إ'],
  ])('processing=%s %s %i', (processing, method, totalFils, en, ar) => {
    expect(submitButtonLabel({ processing, method, totalFils }, 'en')).toBe(en);
    expect(submitButtonLabel({ processing, method, totalFils }, 'ar')).toBe(ar);
  });

  const ready = {
    processing: false,
    hasPaymentClient: true,
    hasClientSecret: true,
    totalFils: 100_00,
    payLaterRange: DEFAULT_PAY_LATER_RANGE,
  };
  it.each<[Partial<typeof ready> & { method: 'card' | 'tabby' | 'cod' }, boolean]>([
    [{ method: 'card' }, false],
    [{ method: 'card', processing: true }, true],
    [{ method: 'card', hasClientSecret: false }, true],
    [{ method: 'card', hasPaymentClient: false }, true],
    [{ method: 'tabby', totalFils: 500_001 }, true],
    [{ method: 'tabby', totalFils: 500_000, hasClientSecret: false }, false],
    [{ method: 'cod', hasPaymentClient: false }, false],
    [{ method: 'cod', processing: true }, true],
  ])('%j disabled=%s', (patch, disabled) => {
    expect(isSubmitDisabled({ ...ready, ...patch })).toBe(disabled);
  });

  it('promo widget: price to 2 decimals, AED, language, source, merchant code default GR', () => {
    expect(
      payLaterWidgetOptions({
        priceFils: 4550,
        locale: 'ar',
        publicKey: 'pk',
        range: DEFAULT_PAY_LATER_RANGE,
      }),
    ).toEqual({
      price: '45.50',
      currency: 'AED',
      lang: 'ar',
      source: 'product',
      publicKey: 'pk',
      merchantCode: 'GR',
    });
    expect(
      payLaterWidgetOptions({
        priceFils: 500_001,
        locale: 'en',
        publicKey: 'pk',
        range: DEFAULT_PAY_LATER_RANGE,
      }),
    ).toBeNull();
  });
});
