import { describe, expect, it } from 'vitest';
import { variationText } from '@/cart/variation-text';

const item = {
  variation: { weight: '500g', beans: 'House Blend', additions: 'Cardamom' },
  variationAr: { weight: '500 غ', beans: 'خلطة البيت', additions: 'بالهيل' },
};

describe('a cart line’s options', () => {
  it('read in the shopper’s language', () => {
    expect(variationText(item, 'en')).toBe('500g · House Blend · Cardamom');
    expect(variationText(item, 'ar')).toBe('500 غ · خلطة البيت · بالهيل');
  });

  it('skip missing options and fall back to English for lines stored without Arabic names', () => {
    expect(variationText({ variation: { weight: 'One size', beans: null, additions: null } }, 'ar')).toBe(
      'One size',
    );
  });
});
