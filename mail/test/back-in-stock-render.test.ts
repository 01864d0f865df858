import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/render';
import { BACK_IN_STOCK_COPY } from '../src/templates/back-in-stock-copy';

/* The back-in-stock alert (docs/back-in-stock.md) as the shopper reads it, in both languages. */
const alert = (locale: 'en' | 'ar') => ({
  kind: 'back-in-stock' as const,
  alert: {
    name: locale === 'ar' ? 'يرغاتشيفي إثيوبيا' : 'Ethiopia Yirgacheffe',
    variation: locale === 'ar' ? '250 غ · حبوب كاملة' : '250 g · Whole beans',
    productUrl: 'http://127.0.0.1:3000/product/ethiopia-yirgacheffe',
    imageUrl: 'http://127.0.0.1:3000/packshots/ethiopia.png',
    storeUrl: 'http://127.0.0.1:3000',
  },
});

describe('the back-in-stock e-mail', () => {
  it('names the product and the option, links to its page and says it is the only mail, in English', async () => {
    const r = await renderEmail(alert('en'), 'en');
    expect(r.subject).toBe('Ethiopia Yirgacheffe is back in stock');
    expect(r.html).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"|<html[^>]*dir="ltr"[^>]*lang="en"/);
    expect(r.html).toContain('href="http://127.0.0.1:3000/product/ethiopia-yirgacheffe"');
    expect(r.text).toContain('250 g · Whole beans');
    expect(r.text).toContain('This is the only e-mail about it');
    expect(r.text).toContain('someone typed your address');
    expect(r.html).not.toMatch(/text-align:right/);
  });

  it('is right to left in Arabic, with the Arabic name and option', async () => {
    const r = await renderEmail(alert('ar'), 'ar');
    expect(r.subject).toBe('يرغاتشيفي إثيوبيا متوفر من جديد');
    expect(r.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(r.html).not.toMatch(/text-align:left/);
    expect(r.text).toContain('250 غ · حبوب كاملة');
    expect(r.text).toContain('هذه الرسالة الوحيدة بشأنه');
    expect(r.html).toContain('href="http://127.0.0.1:3000/product/ethiopia-yirgacheffe"');
  });

  it('has every word in both languages', () => {
    expect(Object.keys(BACK_IN_STOCK_COPY.ar).sort()).toEqual(Object.keys(BACK_IN_STOCK_COPY.en).sort());
  });
});
