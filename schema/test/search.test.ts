import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearchText } from '../src/catalogue/search';
import { reviewFormSchema } from '../src/validation/review-form';

describe('normalizeSearchText (Arabic search ignores marks and letter forms)', () => {
  it('drops tashkeel and tatweel', () => {
    expect(normalizeSearchText('قَهْوَةٌ')).toBe(normalizeSearchText('قهوة'));
    expect(normalizeSearchText('قـــهوة')).toBe(normalizeSearchText('قهوة'));
    expect(normalizeSearchText('بُنّ')).toBe('بن');
  });

  it('folds alef and hamza forms, alef maqsura, taa marbuta', () => {
    for (const form of ['أ', 'إ', 'آ', 'ٱ']) expect(normalizeSearchText(`${form}ثيوبي`)).toBe('اثيوبي');
    expect(normalizeSearchText('مقهى')).toBe('مقهي');
    expect(normalizeSearchText('قهوة')).toBe('قهوه');
    expect(normalizeSearchText('مؤسسة')).toBe('موسسه');
    expect(normalizeSearchText('هيئة')).toBe('هييه');
    // The lone hamza is a letter of its own and stays.
    expect(normalizeSearchText('ماء')).toBe('ماء');
  });

  it('lower-cases Latin, drops its accents and squeezes spaces', () => {
    expect(normalizeSearchText('  Café   LATTE ')).toBe('cafe latte');
  });
});

describe('matchesSearch', () => {
  const names = ['ethiopian yirgacheffe', normalizeSearchText('قهوة إثيوبية يرغاتشيفي'), 'eth-001'];
  it('finds a product by its Arabic name typed without hamza or with marks', () => {
    expect(matchesSearch(names, 'اثيوبيه')).toBe(true);
    expect(matchesSearch(names, 'قَهْوَة إِثْيُوبِيَّة')).toBe(true);
    expect(matchesSearch(names, 'ETHIOPIAN')).toBe(true);
  });
  it('needs every word, and an empty term matches everything', () => {
    expect(matchesSearch(names, 'ethiopian colombian')).toBe(false);
    expect(matchesSearch(names, 'كولومبي')).toBe(false);
    expect(matchesSearch(names, '   ')).toBe(true);
  });
});

describe('reviewFormSchema', () => {
  it('accepts a review and drops an empty e-mail', () => {
    const r = reviewFormSchema('en').parse({ authorName: ' Sara ', email: '', rating: 5, body: 'Lovely' });
    expect(r).toEqual({ authorName: 'Sara', rating: 5, body: 'Lovely' });
  });
  it('says what is wrong in the shopper language', () => {
    const r = reviewFormSchema('ar').safeParse({ authorName: '', email: 'x', rating: 7, body: ' ' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'authorName: هذا الحقل مطلوب',
      'email: يرجى إدخال عنوان بريد إلكتروني صالح',
      'rating: يرجى اختيار تقييم من نجمة إلى 5 نجوم',
      'body: هذا الحقل مطلوب',
    ]);
  });
});

describe('text fields drop NUL characters (PostgreSQL refuses them)', () => {
  it('strips them, and a name of NULs only is missing', () => {
    const r = reviewFormSchema('en').parse({
      authorName: 'Sa\u0000ra',
      title: '\u0000',
      rating: 3,
      body: 'ok\u0000',
    });
    expect(r).toMatchObject({ authorName: 'Sara', title: '', body: 'ok' });
    const blank = reviewFormSchema('en').safeParse({ authorName: '\u0000\u0000', rating: 3, body: 'x' });
    expect(blank.error?.issues[0]?.message).toBe('This field is required');
  });
});
