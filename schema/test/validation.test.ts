import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Locale } from '../src/money/money';
import { DEFAULT_PAY_LATER_RANGE } from '../src/payments/pay-later-widget';
import {
  bulkDiscountSchema,
  cityHint,
  contactFormSchema,
  couponCodeSchema,
  customerStepSchema,
  fieldErrors,
  generateVariationSku,
  imageUploadMessage,
  newsletterFormSchema,
  paymentStepSchema,
  promotionFormDefaults,
  promotionFormSchema,
  shippingStepSchema,
  splitFullName,
  uploadFailureMessage,
  variationAddError,
  variationAddSchema,
  variationConflict,
  variationEditSchema,
  variationUpdateError,
} from '../src/validation';

const errors = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

const customer = { fullName: 'Mariam Al Nuaimi', email: 'mariam@example.ae', phone: '+971 50 123 4567' };

describe('customer step (SPEC 5)', () => {
  it.each<[string, Record<string, string>, string, string, Locale[]]>([
    ['missing name', { fullName: '  ' }, 'fullName', 'This field is required', ['en']],
    ['missing name', { fullName: '' }, 'fullName', 'هذا الحقل مطلوب', ['ar']],
    ['bad email', { email: 'mariam@example' }, 'email', 'Please enter a valid email address', ['en']],
    ['bad email', { email: 'mariam example.ae' }, 'email', 'يرجى إدخال عنوان بريد إلكتروني صالح', ['ar']],
    ['missing phone', { phone: '' }, 'phone', 'This field is required', ['en']],
    ['short phone', { phone: '12-34' }, 'phone', 'Phone number must be between 7 and 20 digits', ['en']],
    ['long phone', { phone: '1'.repeat(21) }, 'phone', 'يجب أن يتكوّن رقم الهاتف من 7 إلى 20 رقمًا', ['ar']],
    // Letters are not a phone number of any length: the format message with its example.
    [
      'letters',
      { phone: 'call me' },
      'phone',
      'Please enter a valid phone number (e.g., +971 50 123 4567)',
      ['en'],
    ],
    [
      'letters and digits',
      { phone: '050abc1234' },
      'phone',
      'يرجى إدخال رقم هاتف صالح (مثال: \u2066+971 50 123 4567\u2069)',
      ['ar'],
    ],
    [
      '16 digits',
      { phone: '1234567890123456' },
      'phone',
      'Please enter a valid phone number (e.g., +971 50 123 4567)',
      ['en'],
    ],
    [
      'letters',
      { phone: '050-ABC-4567' },
      'phone',
      // The number is wrapped in a left-to-right isolate so Arabic text cannot reorder its groups.
      'يرجى إدخال رقم هاتف صالح (مثال: \u2066+971 50 123 4567\u2069)',
      ['ar'],
    ],
  ])('%s → %s', (_l, patch, field, message, [locale]) => {
    expect(errors(customerStepSchema(locale), { ...customer, ...patch })[field]).toBe(message);
  });

  it.each(['+971 50 123 4567', '(04) 123-4567', '0501234567', '+9715012345678'])('accepts %s', (phone) => {
    expect(customerStepSchema().safeParse({ ...customer, phone }).success).toBe(true);
  });

  it('splits the full name on spaces', () => {
    expect(splitFullName('  Mariam  bint Ahmed Al Nuaimi ')).toEqual({
      firstName: 'Mariam',
      lastName: 'bint Ahmed Al Nuaimi',
    });
    expect(splitFullName('Mariam')).toEqual({ firstName: 'Mariam', lastName: '' });
  });
});

describe('shipping step (SPEC 5)', () => {
  const ok = { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Gate 1, Apt 1203' };
  it.each<[Record<string, string>, string, string, string]>([
    [{ emirate: '' }, 'emirate', 'Please select an emirate', 'يرجى اختيار الإمارة'],
    [{ city: '' }, 'city', 'Please select a city', 'يرجى اختيار المدينة'],
    [{ city: 'al-ain' }, 'city', 'Please select a city', 'يرجى اختيار المدينة'],
    [{ address: '   ' }, 'address', 'Delivery address is required', 'عنوان التوصيل مطلوب'],
    [{ address: ' Villa 12 ' }, 'address', 'Please provide a complete address', 'يرجى إدخال العنوان كاملًا'],
  ])('%j', (patch, field, en, ar) => {
    expect(errors(shippingStepSchema('en'), { ...ok, ...patch })[field]).toBe(en);
    expect(errors(shippingStepSchema('ar'), { ...ok, ...patch })[field]).toBe(ar);
  });

  it('accepts 10 characters after trimming', () => {
    expect(shippingStepSchema().safeParse({ ...ok, address: '  Villa 12AB ' }).success).toBe(true);
  });

  it('hints to pick an emirate first', () => {
    expect(cityHint(null, 'en')).toBe('Please select an emirate first');
    expect(cityHint('', 'ar')).toBe('يرجى اختيار الإمارة أولًا');
    expect(cityHint('sharjah', 'en')).toBeNull();
  });
});

describe('coupon box, contact, newsletter', () => {
  it('empty coupon code', () => {
    expect(couponCodeSchema('en').safeParse('  ').error?.issues[0]?.message).toBe(
      'Please enter a coupon code',
    );
    expect(couponCodeSchema('ar').safeParse('').error?.issues[0]?.message).toBe('يرجى إدخال رمز القسيمة');
    expect(couponCodeSchema().parse(' anniversary_2025 ')).toBe('ANNIVERSARY_2025');
  });

  it('contact form: required fields, optional phone checked only when given, subject options', () => {
    const ok = {
      fullName: 'Omar',
      email: 'omar@example.com',
      subject: 'wholesale_inquiry',
      message: 'Do you sell 20 kg?',
    };
    expect(contactFormSchema().safeParse(ok).success).toBe(true);
    expect(contactFormSchema().safeParse({ ...ok, phone: '' }).data?.phone).toBeUndefined();
    expect(errors(contactFormSchema('en'), { ...ok, phone: '12' }).phone).toBe(
      'Phone number must be between 7 and 20 digits',
    );
    expect(errors(contactFormSchema('ar'), { ...ok, subject: 'spam' }).subject).toBe('يرجى اختيار الموضوع');
    expect(errors(contactFormSchema('en'), { ...ok, message: '' }).message).toBe('This field is required');
  });

  it('newsletter email', () => {
    expect(errors(newsletterFormSchema('en'), { email: 'nope' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(errors(newsletterFormSchema('ar'), {}).email).toBe('هذا الحقل مطلوب');
  });
});

describe('payment step', () => {
  it('pay later outside 1..5000 AED is refused with the provider sentence', () => {
    expect(
      paymentStepSchema('en', DEFAULT_PAY_LATER_RANGE).safeParse({ paymentMethod: 'tabby', total: 5000 })
        .success,
    ).toBe(true);
    expect(
      errors(paymentStepSchema('en', DEFAULT_PAY_LATER_RANGE), { paymentMethod: 'tabby', total: 5000.01 })
        .paymentMethod,
    ).toBe(
      'This purchase is above your current spending limit with Tabby, try a smaller cart or use another payment method',
    );
    expect(
      errors(paymentStepSchema('ar', DEFAULT_PAY_LATER_RANGE), { paymentMethod: 'tabby', total: 0.99 })
        .paymentMethod,
    ).toBe(
      'قيمة عملية الشراء أقل من الحد الأدنى المطلوب للدفع عبر تابي، جرّب إضافة المزيد من المنتجات أو استخدم طريقة دفع أخرى',
    );
    expect(
      errors(paymentStepSchema('en', DEFAULT_PAY_LATER_RANGE), { paymentMethod: 'cash', total: 10 })
        .paymentMethod,
    ).toBe('Please choose a payment method');
  });

  it("follows the store's own range when staff narrow it (settings 'payLater')", () => {
    const range = { minFils: 50_00, maxFils: 1000_00 };
    expect(
      errors(paymentStepSchema('en', range), { paymentMethod: 'tabby', total: 1000.01 }).paymentMethod,
    ).toBe(
      'This purchase is above your current spending limit with Tabby, try a smaller cart or use another payment method',
    );
    expect(paymentStepSchema('en', range).safeParse({ paymentMethod: 'tabby', total: 50 }).success).toBe(
      true,
    );
    expect(paymentStepSchema('en', range).safeParse({ paymentMethod: 'tabby', total: 49.99 }).success).toBe(
      false,
    );
  });
});

describe('promotion form (SPEC 2.2, 5)', () => {
  const base = {
    name: 'Eid',
    description: '',
    code: 'eid25',
    type: 'PERCENTAGE',
    value: 25,
    startDate: '2025-03-01',
    endDate: '2025-03-31',
  };

  it('name, type, start date and end date are required', () => {
    expect(errors(promotionFormSchema('en'), { ...base, name: '' })._form).toBe(
      'Name, type, start date, and end date are required',
    );
    expect(errors(promotionFormSchema('ar'), { ...base, type: '' })._form).toBe(
      'الاسم والنوع وتاريخ البدء وتاريخ الانتهاء حقول مطلوبة',
    );
  });

  it.each<[Record<string, unknown>, string, string, string]>([
    [{ value: '' }, 'value', 'Discount value is required', 'قيمة الخصم مطلوبة'],
    [{ type: 'FIXED_AMOUNT', value: null }, 'value', 'Discount value is required', 'قيمة الخصم مطلوبة'],
    [
      { value: 101 },
      'value',
      'Percentage must be a whole number from 0 to 100',
      'يجب أن تكون النسبة عددًا صحيحًا من 0 إلى 100',
    ],
    [
      { value: 12.5 },
      'value',
      'Percentage must be a whole number from 0 to 100',
      'يجب أن تكون النسبة عددًا صحيحًا من 0 إلى 100',
    ],
    [
      { type: 'FIXED_AMOUNT', value: 10.005 },
      'value',
      'Amount must be 0 or more, with at most 2 decimals',
      'يجب أن يكون المبلغ 0 أو أكثر، وبخانتين عشريتين على الأكثر',
    ],
    [
      { type: 'BUY_X_GET_Y', buyQuantity: 0 },
      'buyQuantity',
      'Buy and get quantities must be whole numbers of at least 1',
      'يجب أن تكون كمية الشراء وكمية الهدية أعدادًا صحيحة لا تقل عن 1',
    ],
    [
      { type: 'BUNDLE', bundleDiscount: 120 },
      'bundleDiscount',
      'Bundle discount must be from 0 to 100',
      'يجب أن يكون خصم الباقة من 0 إلى 100',
    ],
    [
      { minOrderAmount: -1 },
      'minOrderAmount',
      'Minimum order amount must be 0 or more, with at most 2 decimals',
      'يجب أن يكون الحد الأدنى لقيمة الطلب 0 أو أكثر، وبخانتين عشريتين على الأكثر',
    ],
    [
      { maxUses: 0 },
      'maxUses',
      'Maximum uses must be a whole number of at least 1',
      'يجب أن يكون الحد الأقصى لمرات الاستخدام عددًا صحيحًا لا يقل عن 1',
    ],
    [
      { endDate: '2025-02-28' },
      'endDate',
      'End date must be on or after the start date',
      'يجب أن يكون تاريخ الانتهاء في يوم البدء أو بعده',
    ],
  ])('%j', (patch, field, en, ar) => {
    expect(errors(promotionFormSchema('en'), { ...base, ...patch })[field]).toBe(en);
    expect(errors(promotionFormSchema('ar'), { ...base, ...patch })[field]).toBe(ar);
  });

  it('sends minOrderAmount and maxUses only if filled, and per-type fields only for their type', () => {
    expect(
      promotionFormSchema().parse({
        ...base,
        minOrderAmount: '',
        maxUses: '',
        buyQuantity: 3,
        bundleDiscount: 5,
        targetProductIds: ['x'],
      }),
    ).toEqual({
      name: 'Eid',
      description: '',
      code: 'EID25',
      type: 'PERCENTAGE',
      value: 25,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      isActive: true,
      isPublic: false,
      productIds: [],
    });
    // Listed to shoppers only when staff say so, and only a code can be (docs/promotions.md).
    expect(promotionFormSchema().parse({ ...base, isPublic: true })).toMatchObject({ isPublic: true });
    expect(promotionFormSchema().parse({ ...base, code: '', isPublic: true })).toMatchObject({
      isPublic: false,
    });
    const bxgy = promotionFormSchema().parse({
      ...base,
      type: 'BUY_X_GET_Y',
      value: '',
      buyQuantity: 2,
      getQuantity: '1',
      minOrderAmount: '50',
    });
    expect(bxgy).toMatchObject({ buyQuantity: 2, getQuantity: 1, minOrderAmount: 50, value: 0 });
    expect(bxgy).not.toHaveProperty('bundleDiscount');
    const bundle = promotionFormSchema().parse({
      ...base,
      type: 'BUNDLE',
      bundleDiscount: 10,
      productIds: ['a', 'b'],
    });
    expect(bundle).toMatchObject({ bundleDiscount: 10, productIds: ['a', 'b'] });
    expect(bundle).not.toHaveProperty('buyQuantity');
    const upsell = promotionFormSchema().parse({
      ...base,
      type: 'UPSELL',
      code: '',
      targetProductIds: ['g'],
    });
    expect(upsell).toMatchObject({ code: null, targetProductIds: ['g'], relationshipType: 'RECOMMENDED' });
    expect(upsell).not.toHaveProperty('bundleDiscount');
  });

  it('defaults: PERCENTAGE, today to 30 days later in Dubai, buy 1 get 1, bundle 10, RECOMMENDED, active', () => {
    expect(promotionFormDefaults(new Date('2025-01-31T21:00:00Z'))).toMatchObject({
      type: 'PERCENTAGE',
      startDate: '2025-02-01',
      endDate: '2025-03-03',
      buyQuantity: 1,
      getQuantity: 1,
      bundleDiscount: 10,
      relationshipType: 'RECOMMENDED',
      isActive: true,
    });
  });
});

describe('variation forms (SPEC 2.3, 5, 8)', () => {
  it('add form: size, price, discount sent divided by 100, stock default 0', () => {
    expect(variationAddSchema().parse({ sizeId: 's250', price: '45.50', discount: '15', sku: '' })).toEqual({
      sizeId: 's250',
      typeId: null,
      beansId: null,
      price: 45.5,
      discount: 0.15,
      discountType: 'PERCENTAGE',
      sku: null,
      stockQuantity: 0,
      isActive: true,
      imageUrl: null,
    });
    expect(errors(variationAddSchema('en'), { sizeId: '', price: 10 }).sizeId).toBe('Size is required');
    expect(errors(variationAddSchema('ar'), { sizeId: 's', price: 0 }).price).toBe('يرجى إدخال سعر صالح');
    expect(errors(variationAddSchema('en'), { sizeId: 's', price: 'abc' }).price).toBe(
      'Valid price is required',
    );
    expect(
      errors(variationAddSchema('en'), { sizeId: 's', price: 1, stockQuantity: 1.5 }).stockQuantity,
    ).toBe('Stock must be a whole number of 0 or more');
    expect(errors(variationEditSchema('en'), { sizeId: '', price: 1 }).sizeId).toBe('Weight is required');
    expect(errors(variationEditSchema('ar'), { sizeId: '', price: 1 }).sizeId).toBe('الوزن مطلوب');
    expect(variationAddSchema().safeParse({ sizeId: 's', price: 0.01 }).success).toBe(true);
  });

  it('duplicate checks', () => {
    const rows = [{ id: '1', sizeId: 's250', typeId: 'normal', beansId: null, sku: 'ETH-250' }];
    expect(variationConflict(rows, { sizeId: 's500', typeId: null, beansId: null, sku: 'eth-250 ' })).toBe(
      'variation.skuExists',
    );
    expect(variationConflict(rows, { sizeId: 's250', typeId: 'normal', beansId: '', sku: null })).toBe(
      'variation.combinationExists',
    );
    expect(
      variationConflict(rows, { id: '1', sizeId: 's250', typeId: 'normal', beansId: null, sku: 'ETH-250' }),
    ).toBeNull();
  });

  it('server error mapping', () => {
    expect(variationAddError('Variation already exists', 'en')).toBe(
      'A variation with this combination already exists or the SKU is already in use',
    );
    expect(variationAddError(undefined, 'ar')).toBe('تعذّرت إضافة المتغيّر');
    expect(variationAddError('Boom', 'en')).toBe('Boom');
    expect(variationUpdateError('Unique constraint failed on sku', 'en')).toBe(
      'This SKU is already in use by another variation',
    );
    expect(variationUpdateError('', 'en')).toBe('Failed to update variation');
  });

  it('generated SKU and bulk discount range', () => {
    const id = '3f2a9c1e-0000-4000-8000-000000000000';
    expect(
      generateVariationSku({ sku: 'ETH-YRG', slug: 'ethiopia', id }, ['250g', 'Normal', 'Arabica']),
    ).toBe('ETH-YRG-250G-NORMAL-ARABICA');
    // Two products without a SKU of their own: each 250 g variation gets a SKU of its own.
    expect(generateVariationSku({ sku: null, slug: 'house-blend', id }, ['1 kg', null])).toBe(
      'HOUSE-BLEND-1-KG',
    );
    expect(generateVariationSku({ sku: '', slug: 'dallah', id }, ['1 kg'])).not.toBe(
      generateVariationSku({ sku: '', slug: 'house-blend', id }, ['1 kg']),
    );
    // An Arabic-only slug has nothing to upper-case: the id names the product.
    expect(generateVariationSku({ sku: null, slug: 'قهوة', id }, ['250g'])).toBe('3F2A9C1E-250G');
    expect(bulkDiscountSchema('en').safeParse('101').error?.issues[0]?.message).toBe(
      'Bulk discount must be from 0 to 100',
    );
    expect(bulkDiscountSchema().parse('20')).toBe(20);
  });
});

describe('image upload (SPEC 5, 8)', () => {
  it.each<[string, number, string | null, string | null]>([
    ['image/png', 10 * 1024 * 1024, null, null],
    ['image/avif', 1000, null, null],
    [
      'image/gif',
      1000,
      'Invalid file type: image/gif. Please use JPG, PNG, WEBP, or AVIF.',
      'نوع الملف غير صالح: image/gif. يرجى استخدام JPG أو PNG أو WEBP أو AVIF.',
    ],
    [
      'image/jpeg',
      12.5 * 1024 * 1024,
      'File size exceeds 10MB limit. Current size: 12.50 MB',
      'حجم الملف يتجاوز الحد الأقصى البالغ 10 ميغابايت. الحجم الحالي: 12.50 ميغابايت',
    ],
  ])('%s of %i bytes', (type, size, en, ar) => {
    expect(imageUploadMessage({ type, size }, 'en')).toBe(en);
    expect(imageUploadMessage({ type, size }, 'ar')).toBe(ar);
  });

  it('upload failures', () => {
    expect(uploadFailureMessage({ kind: 'network' }, 'en')).toBe(
      'Network error: Please check your internet connection',
    );
    expect(uploadFailureMessage({ kind: 'provider', message: 'Invalid preset' }, 'en')).toBe(
      'provider error: Invalid preset',
    );
    expect(uploadFailureMessage({ kind: 'http', status: 413, text: 'Too Large' }, 'en')).toBe(
      'HTTP 413: Too Large',
    );
    expect(uploadFailureMessage({ kind: 'other', message: 'aborted' }, 'ar')).toBe('فشل الرفع: aborted');
  });
});
