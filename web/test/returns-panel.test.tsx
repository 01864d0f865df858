import type { ReturnableLine, ReturnView, ShopperReturns } from '@qahwa/schema/returns';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientMessages } from '@/i18n/client';
import ar from '@/messages/ar';
import en from '@/messages/en';
import { ReturnsPanel } from '@/returns/returns-panel';

/* The tracking page's returns as the server renders them (the panel given the order's returns). */
function render(locale: 'en' | 'ar', node: ReactNode): string {
  return renderToStaticMarkup(
    <ClientMessages locale={locale} messages={locale === 'ar' ? ar : en}>
      {node}
    </ClientMessages>,
  ).replaceAll('&#x27;', "'");
}

const line = (id: string, over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  orderItemId: id,
  name: 'Ethiopia Yirgacheffe',
  nameAr: 'إثيوبيا يرغاتشيفي',
  variation: { weight: '250g', beans: null, additions: null },
  unitFils: 4500,
  ordered: 2,
  returnable: 2,
  openReturn: null,
  ...over,
});

const view = (over: Partial<ReturnView> = {}): ReturnView => ({
  number: 'RT-100003',
  orderId: 'QH-100042',
  status: 'rejected',
  reason: 'CHANGED_MIND',
  note: 'Too strong for me.',
  photoUrl: null,
  lines: [
    {
      orderItemId: 'b',
      name: 'Colombia Supremo',
      nameAr: 'كولومبيا سوبريمو',
      variation: { weight: '500g', beans: null, additions: null },
      quantity: 1,
      unitFils: 6000,
      refundFils: 6000,
      resaleable: null,
    },
  ],
  shippingRefundFils: 0,
  refundFils: 6000,
  refundMethod: null,
  staffMessage: 'Opened bags cannot be taken back.',
  requestedAt: '2026-11-20T08:00:00.000Z',
  decidedAt: '2026-11-21T08:00:00.000Z',
  receivedAt: null,
  refundedAt: null,
  arriveBy: null,
  ...over,
});

const data = (over: Partial<ShopperReturns> = {}): ShopperReturns => ({
  returns: [],
  canRequest: true,
  deadline: '2099-12-20T08:00:00.000Z',
  lines: [line('a'), line('b', { returnable: 0 }), line('c', { openReturn: 'RT-100002' })],
  ...over,
});

describe("the tracking page's returns", () => {
  it('offers the form with only the lines that can be returned, every reason, a note and a photo', () => {
    const html = render('en', <ReturnsPanel token="tok" initial={data()} />);
    expect(html).toContain('You can return items within 30 days of delivery, until 20 Dec 2099.');
    expect(html.match(/type="checkbox"/g)).toHaveLength(1);
    expect(html).toContain('2 of 2 can be returned');
    // The line an open return holds is named, not offered.
    expect(html).toContain('In return RT-100002');
    for (const reason of ['Damaged', 'Wrong item', 'Not as described', 'Changed my mind', 'Other'])
      expect(html).toContain(`>${reason}</option>`);
    expect(html).toContain('Note (optional)');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/avif"');
    expect(html).toContain('Send the return request');
  });

  it("shows the shopper's returns with their status and the store's message, in Arabic", () => {
    const html = render('ar', <ReturnsPanel token="tok" initial={data({ returns: [view()] })} />);
    expect(html).toContain('RT-100003');
    expect(html).toContain('مرفوض');
    expect(html).toContain('كولومبيا سوبريمو × 1');
    expect(html).toContain('غيّرت رأيي');
    expect(html).toContain('رسالة من المتجر');
    expect(html).toContain('Opened bags cannot be taken back.');
    // A rejected return promises no refund.
    expect(html).not.toContain('المبلغ المسترد');
  });

  it('says why no return can be asked for: not delivered, the 30 days over, or nothing left', () => {
    const notDelivered = render(
      'en',
      <ReturnsPanel token="t" initial={data({ canRequest: false, deadline: null })} />,
    );
    expect(notDelivered).toContain('A return can be requested once the order has been delivered.');
    expect(notDelivered).not.toContain('<form');
    const closed = render(
      'ar',
      <ReturnsPanel token="t" initial={data({ canRequest: false, deadline: '2026-01-10T08:00:00.000Z' })} />,
    );
    expect(closed).toContain('انتهت مهلة الإرجاع البالغة 30 يومًا لهذا الطلب في');
    const nothing = render(
      'en',
      <ReturnsPanel token="t" initial={data({ canRequest: false, lines: [line('a', { returnable: 0 })] })} />,
    );
    expect(nothing).toContain('Every item of this order has already been returned or is in a return.');
  });

  it('tells the shopper the refund to come, and the date to send the goods by once approved', () => {
    const html = render(
      'en',
      <ReturnsPanel
        token="t"
        initial={data({
          returns: [view({ status: 'approved', staffMessage: null, arriveBy: '2026-12-05T08:00:00.000Z' })],
        })}
      />,
    );
    expect(html).toContain('Please send the items back by 5 Dec 2026.');
    expect(html).toContain('AED 60.00 when we have received the items');
  });
});
