import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/render';
import type { ReturnEmailData } from '../src/types';

/** A return's e-mails (docs/returns.md) in both languages, with staff's message and the link. */
const base: ReturnEmailData = {
  kind: 'approved',
  returnNumber: 'RT-100007',
  orderId: 'QH-100042',
  message: 'Please use the original bag.',
  arriveBy: '2026-12-12T08:00:00Z',
  link: 'http://127.0.0.1:3000/orders/track/abc?lang=ar',
};

describe('the return e-mails', () => {
  for (const kind of ['approved', 'rejected', 'refunded', 'expired', 'reminder'] as const) {
    for (const locale of ['en', 'ar'] as const) {
      it(`${kind} in ${locale}`, async () => {
        const r = await renderEmail(
          {
            kind: 'return-update',
            data: { ...base, kind, refundFils: 95_00, method: 'CARD', requestedAt: '2026-11-20T08:00:00Z' },
          },
          locale,
        );
        expect(r.subject).toContain('RT-100007');
        expect(r.html).toMatch(locale === 'ar' ? /<html[^>]*dir="rtl"/ : /<html[^>]*dir="ltr"/);
        if (locale === 'ar') expect(r.html).not.toMatch(/text-align:left/);
        else expect(r.html).not.toMatch(/text-align:right/);
        expect(r.text).toContain('QH-100042');
      });
    }
  }

  it('tells the shopper in Arabic when the goods must arrive, with staff’s message and the link', async () => {
    const r = await renderEmail({ kind: 'return-update', data: base }, 'ar');
    expect(r.subject).toBe('تمت الموافقة على طلب الإرجاع RT-100007');
    expect(r.text).toContain('يُرجى إرسال المنتجات قبل 12 ديسمبر 2026');
    expect(r.text).toContain('Please use the original bag.');
    expect(r.html).toContain('orders/track/abc?lang=ar');
  });

  it('says how much went back and where', async () => {
    const r = await renderEmail(
      {
        kind: 'return-update',
        data: { ...base, kind: 'refunded', refundFils: 95_00, method: 'BANK_TRANSFER' },
      },
      'en',
    );
    expect(r.text).toContain('refunded AED 95.00 by bank transfer');
  });
});
