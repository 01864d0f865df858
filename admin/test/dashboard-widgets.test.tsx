import type { DashboardSummary } from '@qahwa/schema';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomerGrowth } from '@/dashboard/customer-growth';
import { PeriodPicker } from '@/dashboard/period-picker';
import { PopularProducts, ProductPerformance, TopProducts } from '@/dashboard/product-tables';
import { SalesTrend } from '@/dashboard/sales-trend';
import { StatCards } from '@/dashboard/stat-cards';
import { StatusBreakdown } from '@/dashboard/status-breakdown';
import ar from '@/messages/ar';
import en from '@/messages/en';

/* The dashboard's widgets rendered as the server renders them, in both languages. */
function render(locale: 'en' | 'ar', node: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="Asia/Dubai">
      {node}
    </NextIntlClientProvider>,
  );
}

const summary = (over: Partial<DashboardSummary> = {}): DashboardSummary => ({
  period: '7d',
  from: '2026-11-16',
  to: '2026-11-22',
  today: { orders: 0, revenue: 0 },
  totalProducts: 0,
  activePromotions: 0,
  recentOrders: [],
  popularProducts: [],
  salesTrend: ['16', '17', '18', '19', '20', '21', '22'].map((d) => ({
    day: `2026-11-${d}`,
    orders: 0,
    revenue: 0,
  })),
  productPerformance: [],
  customerGrowth: [],
  orderStatus: [],
  topProducts: [],
  cartAbandonment: { abandoned: 0, orders: 0, rate: null },
  ...over,
});

const rectXs = (html: string) => [...html.matchAll(/<rect x="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('dashboard widgets', () => {
  it('label the order-status chart with the orders screens’ status names, every status listed', () => {
    const rows = [
      { status: 'pending', count: 0 },
      { status: 'new', count: 2 },
      { status: 'processing', count: 0 },
      { status: 'shipped', count: 1 },
      { status: 'delivered', count: 0 },
      { status: 'cancelled', count: 0 },
    ] as DashboardSummary['orderStatus'];
    const html = render('ar', <StatusBreakdown rows={rows} />);
    expect(html).toContain(
      `aria-label="الطلبات حسب الحالة: قيد الانتظار 0، جديد 2، قيد التجهيز 0، تم الشحن 1، تم التوصيل 0، ملغى 0"`,
    );
    expect(html.match(/<tr data-status=/g)).toHaveLength(6);
    expect(html).toContain('67%');
    // Mirrored in Arabic (counter-clockwise from 12 o'clock), as drawn in English otherwise.
    expect(html).toContain('scale(-1 1)');
    expect(render('en', <StatusBreakdown rows={rows} />)).not.toContain('scale(-1 1)');
  });

  it('run the sales trend from the start edge: oldest day left in English, right in Arabic', () => {
    const s = summary({
      salesTrend: [
        { day: '2026-11-20', orders: 1, revenue: 50 },
        { day: '2026-11-21', orders: 0, revenue: 0 },
        { day: '2026-11-22', orders: 3, revenue: 200 },
      ],
    });
    const [enOld, enNew] = rectXs(render('en', <SalesTrend summary={s} />));
    const [arOld, arNew] = rectXs(render('ar', <SalesTrend summary={s} />));
    expect(enOld).toBeLessThan(enNew ?? 0);
    expect(arOld).toBeGreaterThan(arNew ?? 0);
    const html = render('en', <SalesTrend summary={s} />);
    expect(html).toContain('4 orders · AED 250.00');
    expect(html).toContain('best day 22 Nov with AED 200.00');
  });

  it('show the period’s cart abandonment as a rate with the carts behind it, and a dash without carts', () => {
    const left = summary({ cartAbandonment: { abandoned: 3, orders: 4, rate: 42.9 } });
    const en_ = render('en', <StatCards summary={left} />);
    expect(en_).toMatch(
      /data-card="cartAbandonment".*Cart abandonment.*42\.9%.*3 of 7 carts left without an order/s,
    );
    const ar_ = render('ar', <StatCards summary={left} />);
    expect(ar_).toMatch(/data-card="cartAbandonment".*السلال المتروكة.*42\.9%.*سلال تُركت دون طلب: 3 من 7/s);
    const none = render('en', <StatCards summary={summary()} />);
    expect(none).toMatch(/data-card="cartAbandonment".*—.*No carts in this period/s);
  });

  it('say so when there is nothing to show, in the page’s language', () => {
    expect(render('en', <SalesTrend summary={summary()} />)).toContain('No sales in this period');
    expect(render('ar', <SalesTrend summary={summary()} />)).toContain('لا مبيعات في هذه الفترة');
    expect(render('en', <StatusBreakdown rows={[]} />)).toContain('No orders yet');
    expect(render('en', <CustomerGrowth points={[]} />)).toContain('No customers yet');
    expect(render('en', <PopularProducts products={[]} />)).toContain('No product views in this period');
    expect(render('en', <TopProducts products={[]} />)).toContain('No sales in this period');
    expect(render('ar', <ProductPerformance products={[]} />)).toContain('لا توجد بيانات متاحة');
  });

  it('show a product’s name in the page’s language and “No views” for a conversion without views', () => {
    const product = {
      productId: 'p1',
      name: { en: 'Kenya AA', ar: 'كينيا' },
      imageUrl: '/api/uploads/files/abc.png',
      views: 0,
      unitsSold: 2,
      revenue: 90,
      conversionRate: null,
    };
    const html = render('ar', <ProductPerformance products={[product]} />);
    expect(html).toContain('كينيا');
    expect(html).toContain('لا مشاهدات');
    expect(html).toContain('src="/backend/api/uploads/files/abc.png"');
  });

  it('mark the chosen period with aria-current, as links that work without JavaScript', () => {
    const html = render('en', <PeriodPicker current="7d" />);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<a [^>]*href="\/backend\?period=7d"[^>]*aria-current="page"|<a [^>]*aria-current="page"[^>]*href="\/backend\?period=7d"/,
    );
    for (const p of ['today', '30d', '90d', '365d']) expect(html).toContain(`href="/backend?period=${p}"`);
  });
});
