import { describe, expect, it } from 'vitest';
import { siteText } from '@/shell/site-text';
import { splitSupportLine } from '@/shell/support-line';

describe("the Content screen's texts on the storefront (shell/site-text.ts, shell/support-line.tsx)", () => {
  const texts = {
    storeHours: { en: 'Every day: 8:00 to 20:00', ar: 'كل يوم: 8:00 إلى 20:00' },
    about: { en: '   ', ar: '' },
  };

  it("reads the text in the page's language, and none when staff wrote only spaces or nothing", () => {
    expect(siteText(texts, 'storeHours', 'ar')).toBe('كل يوم: 8:00 إلى 20:00');
    expect(siteText(texts, 'storeHours', 'en')).toBe('Every day: 8:00 to 20:00');
    expect(siteText(texts, 'about', 'en')).toBeNull();
    expect(siteText(texts, 'supportLine', 'en')).toBeNull();
  });

  it("finds the support line's number so it can be a call link, in either language", () => {
    expect(splitSupportLine('Customer support, 24/7: +971 4 000 0000')).toEqual({
      before: 'Customer support, 24/7: ',
      phone: '+971 4 000 0000',
      after: '',
    });
    // The Arabic line isolates the number (⁦…⁩); the isolates stay in the text around the link.
    expect(splitSupportLine('خدمة العملاء على مدار الساعة: \u2066+971 800 724 92\u2069 (مجاناً)')).toEqual({
      before: 'خدمة العملاء على مدار الساعة: \u2066',
      phone: '+971 800 724 92',
      after: '\u2069 (مجاناً)',
    });
    // "24/7" is no phone number; a line without one stays plain text.
    expect(splitSupportLine('Write to us any time, 24/7')).toBeNull();
  });
});
