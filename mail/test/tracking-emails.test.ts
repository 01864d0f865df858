import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/render';
import type { EmailTemplate, MailLocale, OrderStatusEmailData } from '../src/types';

/* The order's e-mails carry the guest's signed tracking link in both languages (docs/order-tracking.md). */
const trackingUrl = 'http://127.0.0.1:3000/orders/track/eyJwIjoib3JkZXItdHJhY2sifQ.c2lnbmF0dXJl';
const invoiceUrl = `http://127.0.0.1:3000/api/orders/track/eyJwIjoib3JkZXItdHJhY2sifQ.c2lnbmF0dXJl/documents/INV-2026-000001`;

const confirmation: Extract<EmailTemplate, { kind: 'order-confirmation' }>['order'] = {
  orderNumber: 'QH-100123',
  placedAt: '2026-11-22T10:00:00Z',
  customerName: 'Sara Al Mansoori',
  customerPhone: '+971501234567',
  address: { emirate: 'Dubai', city: 'Dubai Marina', line: 'Villa 4, Street 12' },
  paymentMethod: 'STRIPE',
  items: [{ name: 'Ethiopia Yirgacheffe', quantity: 2, unitFils: 6500, lineFils: 13000 }],
  discounts: [],
  subtotalFils: 13000,
  discountFils: 0,
  shippingFils: 2500,
  totalFils: 15500,
  storeUrl: 'http://127.0.0.1:3000',
  trackingUrl,
};

const status = (
  s: OrderStatusEmailData['status'],
  extra: Partial<OrderStatusEmailData> = {},
): EmailTemplate => ({
  kind: 'order-status',
  order: {
    orderNumber: 'QH-100123',
    status: s,
    placedAt: '2026-11-22T10:00:00Z',
    customerName: 'Sara',
    customerPhone: '+971501234567',
    address: { emirate: 'Dubai', city: 'Dubai Marina', line: 'Villa 4' },
    paymentMethod: 'STRIPE',
    totalFils: 15500,
    refundFils: 0,
    trackingUrl,
    ...extra,
  },
});

const BUTTON = { en: 'Track your order', ar: 'تتبّع طلبك' } as const;
const INVOICE = { en: 'Download your invoice', ar: 'تنزيل فاتورتك' } as const;

describe('the tracking link in the order e-mails', () => {
  for (const locale of ['en', 'ar'] as MailLocale[]) {
    it(`the confirmation links to the order's page, in ${locale}`, async () => {
      const r = await renderEmail({ kind: 'order-confirmation', order: confirmation }, locale);
      expect(r.html).toContain(`href="${trackingUrl}"`);
      expect(r.text).toContain(BUTTON[locale]);
      expect(r.text).toContain(trackingUrl);
    });

    it(`each status e-mail links to the page, the shipped one without an invoice, in ${locale}`, async () => {
      for (const s of ['processing', 'shipped', 'delivered', 'cancelled'] as const) {
        const r = await renderEmail(status(s), locale);
        expect(r.html).toContain(`href="${trackingUrl}"`);
        expect(r.text).toContain(BUTTON[locale]);
      }
      const shipped = await renderEmail(status('shipped'), locale);
      expect(shipped.text).not.toContain(INVOICE[locale]);
    });

    it(`being prepared: its own subject, and the delivered one points to returns on the page, in ${locale}`, async () => {
      const r = await renderEmail(status('processing'), locale);
      expect(r.subject).toBe(
        locale === 'en' ? 'We are preparing your order QH-100123' : 'نجهّز طلبك QH-100123',
      );
      const delivered = await renderEmail(status('delivered'), locale);
      expect(delivered.text).toContain(locale === 'en' ? 'ask for a return' : 'طلب الإرجاع');
    });

    it(`the delivered e-mail links to the invoice when it is issued, in ${locale}`, async () => {
      const r = await renderEmail(status('delivered', { invoiceUrl }), locale);
      expect(r.html).toContain(`href="${invoiceUrl}"`);
      expect(r.text).toContain(INVOICE[locale]);
      const pending = await renderEmail(status('delivered'), locale);
      expect(pending.html).not.toContain('/documents/');
      expect(pending.text).toContain(
        locale === 'en' ? 'Your invoice will be on your order page' : 'ستظهر فاتورتك في صفحة طلبك',
      );
    });

    it(`the new link the shopper asked for, in ${locale}`, async () => {
      const r = await renderEmail(
        { kind: 'order-tracking-link', orderNumber: 'QH-100123', trackingUrl },
        locale,
      );
      expect(r.subject).toContain('QH-100123');
      expect(r.html).toContain(`href="${trackingUrl}"`);
      expect(r.html).toMatch(locale === 'ar' ? /<html[^>]*dir="rtl"/ : /<html[^>]*dir="ltr"/);
      expect(r.text).toContain(locale === 'en' ? '90 days' : '90 يومًا');
    });
  }
});
