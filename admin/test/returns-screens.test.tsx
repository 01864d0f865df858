import type { AdminReturnDetail, AdminReturnSummary } from '@qahwa/schema/returns';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar';
import en from '@/messages/en';
import { OrderReturnsCard } from '@/returns/order-returns';
import { ReturnActions } from '@/returns/return-actions';
import { ReturnDetailView } from '@/returns/return-detail';
import { ReturnFilters } from '@/returns/return-filters';
import { ReturnsTable } from '@/returns/returns-table';
import { ToastProvider } from '@/ui/toast';

// The actions reload the page through the app router, which a static render has not mounted.
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh() {} }) }));

/* The back office's return screens rendered as the server renders them, in both languages. */
function render(locale: 'en' | 'ar', node: ReactNode): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="Asia/Dubai">
      <ToastProvider>{node}</ToastProvider>
    </NextIntlClientProvider>,
  );
  return html.replaceAll('&#x27;', "'");
}

const summary: AdminReturnSummary = {
  number: 'RT-100007',
  orderId: 'QH-100042',
  status: 'requested',
  reason: 'DAMAGED',
  customerName: 'Sara Mansoori',
  paymentProvider: 'COD',
  itemCount: 2,
  refundFils: 9000,
  requestedAt: '2026-11-20T08:00:00.000Z',
  ageDays: 3,
};

const line = (id: string, name: string, nameAr: string) => ({
  orderItemId: id,
  name,
  nameAr,
  variation: { weight: '250g', beans: null, additions: null },
  quantity: 1,
  unitFils: 4500,
  refundFils: 4500,
  resaleable: null,
});

const detail = (over: Partial<AdminReturnDetail> = {}): AdminReturnDetail => ({
  number: 'RT-100007',
  orderId: 'QH-100042',
  status: 'received',
  reason: 'CHANGED_MIND',
  note: null,
  photoUrl: null,
  lines: [
    line('a', 'Ethiopia Yirgacheffe', 'إثيوبيا يرغاتشيفي'),
    line('b', 'Colombia Supremo', 'كولومبيا سوبريمو'),
  ],
  shippingRefundFils: 0,
  refundFils: 9000,
  refundMethod: null,
  staffMessage: null,
  requestedAt: '2026-11-20T08:00:00.000Z',
  decidedAt: '2026-11-21T08:00:00.000Z',
  receivedAt: '2026-11-22T08:00:00.000Z',
  refundedAt: null,
  arriveBy: '2026-12-05T08:00:00.000Z',
  order: {
    id: 'QH-100042',
    status: 'delivered',
    paymentProvider: 'COD',
    customerName: 'Sara Mansoori',
    customerEmail: 'sara@example.ae',
    locale: 'en',
    totalFils: 9000,
  },
  actions: { approve: false, reject: false, receive: false, refund: true },
  refund: null,
  codReference: null,
  history: [],
  ...over,
});

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('the Returns list', () => {
  it('links each return to its page and its order, in the shopper-facing words of status and reason', () => {
    const html = render('en', <ReturnsTable returns={[summary]} caption="Returns" empty="none" />);
    expect(html).toContain('href="/backend/returns/RT-100007"');
    expect(html).toContain('href="/backend/orders/QH-100042"');
    expect(html).toContain('Requested');
    expect(html).toContain('Damaged');
    expect(html).toContain('AED 90.00');
    expect(html).toContain('3 days');
    const arabic = render('ar', <ReturnsTable returns={[summary]} caption="المرتجعات" empty="لا شيء" />);
    expect(arabic).toContain('مطلوب');
    expect(arabic).toContain('تالف');
    expect(arabic).toContain('90.00 د.إ');
    expect(arabic).toContain('3 أيام');
    // Start and end, never a physical side.
    expect(html + arabic).not.toMatch(/\b(?:text|m[lr]|p[lr])-(?:left|right|\d)/);
  });

  it('says a filter matched nothing rather than drawing an empty table', () => {
    const html = render(
      'en',
      <ReturnsTable returns={[]} caption="Returns" empty="No returns match this filter" />,
    );
    expect(html).toContain('No returns match this filter');
    expect(html).not.toContain('<table');
  });

  it('filters by every status and by how long a request has waited, in Arabic too', () => {
    const html = render('ar', <ReturnFilters filter={{ status: 'approved', olderThanDays: '14' }} />);
    for (const s of ['مطلوب', 'مقبول', 'مرفوض', 'تم الاستلام', 'تم الاسترداد', 'منتهي'])
      expect(html).toContain(s);
    expect(html).toContain('قبل يومين أو أكثر');
    expect(html).toContain('قبل 7 أيام أو أكثر');
    expect(html).toContain('قبل 14 يومًا أو أكثر');
    expect(html).toMatch(/<option value="14" selected="">/);
    expect(html).toMatch(/<option value="approved" selected="">/);
  });
});

describe("a return's actions", () => {
  it('shows staff without the orders edit right the state, and no button', () => {
    const html = render('en', <ReturnActions detail={detail()} canEdit={false} />);
    expect(html).toContain("Changing a return needs the orders module's edit permission.");
    expect(buttons(html)).toEqual([]);
  });

  it('offers approve and reject with one message box while the request waits', () => {
    const html = render(
      'en',
      <ReturnActions
        detail={detail({
          status: 'requested',
          actions: { approve: true, reject: true, receive: false, refund: false },
        })}
        canEdit
      />,
    );
    expect(buttons(html)).toEqual(['Approve', 'Reject']);
    expect(html).toContain('Message to the shopper');
  });

  it('asks for each line whether it can be sold again, none ticked to begin with', () => {
    const html = render(
      'ar',
      <ReturnActions
        detail={detail({ actions: { approve: false, reject: false, receive: true, refund: false } })}
        canEdit
      />,
    );
    expect(html).toContain('إثيوبيا يرغاتشيفي × 1 صالح لإعادة البيع');
    expect(html).toContain('كولومبيا سوبريمو × 1 صالح لإعادة البيع');
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(buttons(html)).toEqual(['تأكيد الاستلام']);
  });

  it('records how a cash-on-delivery refund was paid and its reference; a card refund needs neither', () => {
    const cod = render('en', <ReturnActions detail={detail()} canEdit />);
    expect(cod).toContain('Bank transfer');
    expect(cod).toContain('Store credit');
    expect(cod.match(/type="radio"/g)).toHaveLength(2);
    expect(cod).toContain("Reference (the transfer's or the credit's)");
    expect(buttons(cod)).toEqual(['Refund AED 90.00']);

    const card = render(
      'en',
      <ReturnActions detail={detail({ order: { ...detail().order, paymentProvider: 'STRIPE' } })} canEdit />,
    );
    expect(card).toContain('The money goes back to the card through Stripe.');
    expect(card).not.toContain('type="radio"');
    expect(buttons(card)).toEqual(['Refund AED 90.00']);
  });

  it('names the status when nothing can be done', () => {
    const html = render(
      'ar',
      <ReturnActions
        detail={detail({
          status: 'refunded',
          actions: { approve: false, reject: false, receive: false, refund: false },
        })}
        canEdit
      />,
    );
    expect(html).toContain('لا إجراء متاح على إرجاع حالته «تم الاسترداد».');
  });
});

describe("a return's page", () => {
  const temporal = { url: 'http://127.0.0.1:8233', namespace: 'default' };

  it("shows the shopper's photo through the back office's own origin, the note in its own direction, and the workflow", () => {
    const photo = `/api/uploads/files/${'c'.repeat(64)}.jpg`;
    const html = render(
      'ar',
      <ReturnDetailView
        detail={detail({ photoUrl: photo, note: 'The bag arrived torn.' })}
        canEdit
        temporal={temporal}
      />,
    );
    expect(html).toContain(`src="/backend${photo}"`);
    expect(html).toContain('alt="الصورة التي أرسلها العميل مع الإرجاع RT-100007"');
    expect(html).toMatch(/<p dir="auto"[^>]*>The bag arrived torn\.<\/p>/);
    expect(html).toContain('href="http://127.0.0.1:8233/namespaces/default/workflows/return-RT-100007"');
    // Shipping is given back only for damaged or wrong items: a changed mind keeps it.
    expect(html).toContain('لا يُسترد (فقط للمنتجات التالفة أو الخاطئة)');
  });

  it('names a refund’s state in words, with its reference', () => {
    const html = render(
      'en',
      <ReturnDetailView
        detail={detail({
          status: 'refunded',
          refundMethod: 'BANK_TRANSFER',
          codReference: 'TRF-2026-118',
          refund: {
            reference: 'return-RT-100007',
            status: 'succeeded',
            amountFils: 9000,
            providerRefundId: null,
            lastError: null,
          },
          actions: { approve: false, reject: false, receive: false, refund: false },
        })}
        canEdit
        temporal={temporal}
      />,
    );
    expect(html).toContain('Bank transfer');
    expect(html).toContain('TRF-2026-118');
    expect(html).toContain('>refunded<');
    expect(html).not.toContain('succeeded');
  });
});

describe("the order page's returns", () => {
  it('lists the order’s returns, says when there are none, and still shows when they could not be read', () => {
    expect(render('en', <OrderReturnsCard returns={[summary]} />)).toContain(
      'aria-label="Open return RT-100007"',
    );
    expect(render('en', <OrderReturnsCard returns={[]} />)).toContain('No returns for this order');
    expect(render('ar', <OrderReturnsCard returns={null} />)).toContain('تعذّر تحميل مرتجعات هذا الطلب.');
  });
});
