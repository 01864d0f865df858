import { AdminPaymentFilter } from '@qahwa/schema/contracts';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AxisChart, DayFigures } from '@/dashboard/chart-parts';
import { GatewayError } from '@/lib/gateway-error';
import { filterFromQuery, pageHref, queryOf } from '@/lib/url-filter';
import ar from '@/messages/ar';
import en from '@/messages/en';
import { FilterForm, optionsOf } from '@/ui/filter-form';

/* The back office's shared pieces (docs/admin.md "Shared pieces"), as staff meet them. */

// What the console layout's helper does on a 401 (a redirect is thrown), counted.
const redirectToLogin = vi.hoisted(() =>
  vi.fn((): Promise<never> => Promise.reject(new Error('NEXT_REDIRECT /backend/login'))),
);
vi.mock('server-only', () => ({}));
vi.mock('@/lib/current-user', () => ({ redirectToLogin: () => redirectToLogin() }));

function render(locale: 'en' | 'ar', node: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="Asia/Dubai">
      {node}
    </NextIntlClientProvider>,
  );
}

describe('a filter in the URL', () => {
  it('keeps only what the gateway’s contract accepts, so a typed URL never becomes an error page', () => {
    const filter = filterFromQuery(
      {
        q: ['  pi_123 ', 'other'],
        provider: 'paypal',
        method: 'card',
        from: '2026-02-30',
        to: '',
        page: '3',
      },
      AdminPaymentFilter.shape,
    );
    expect(filter).toEqual({ q: 'pi_123', method: 'card' });
  });

  it('writes links that keep the filter, with page 1 as the bare list', () => {
    const query = queryOf({ status: 'PENDING', q: undefined, from: '' });
    expect(query).toBe('status=PENDING');
    expect(pageHref('/backend/orders', query, 2)).toBe('/backend/orders?status=PENDING&page=2');
    expect(pageHref('/backend/orders', `${query}&page=2`, 1)).toBe('/backend/orders?status=PENDING');
    expect(pageHref('/backend/logs', '', 1)).toBe('/backend/logs');
  });
});

describe('the filter form', () => {
  const form = (
    <FilterForm
      id="things"
      action="/backend/things"
      label="Filter things"
      columns={6}
      hidden={{ tab: 'open', empty: undefined }}
      fields={[
        { kind: 'search', name: 'q', label: 'Search', value: 'QH-1', wide: true, dir: 'ltr' },
        {
          kind: 'select',
          name: 'status',
          label: 'Status',
          value: 'b',
          any: 'Any',
          options: optionsOf(['a', 'b'] as const, (v) => v.toUpperCase()),
        },
        { kind: 'date', name: 'from', label: 'From' },
      ]}
      apply="Apply"
      reset={{ href: '/backend/things?tab=open', label: 'Reset' }}
    >
      <a href="/export">Export</a>
    </FilterForm>
  );
  const html = renderToStaticMarkup(form);

  /** The opening tag of the element with this id (React writes attributes in its own order). */
  const tag = (id: string) => html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? '';

  it('is a named GET form to the list’s own URL, so it works before any script loads', () => {
    const open = html.match(/^<form [^>]*>/)?.[0] ?? '';
    for (const a of [
      'method="get"',
      'action="/backend/things"',
      'aria-label="Filter things"',
      'lg:grid-cols-6',
    ]) {
      expect(open).toContain(a);
    }
    expect(html).toContain('<input type="hidden" name="tab" value="open"/>');
    expect(html).not.toContain('name="empty"');
  });

  it('ties every field to its label and shows the filter it was opened with', () => {
    for (const [id, label] of [
      ['things-q', 'Search'],
      ['things-status', 'Status'],
      ['things-from', 'From'],
    ]) {
      expect(html).toContain(`for="${id}">${label}</label>`);
    }
    for (const a of ['type="search"', 'name="q"', 'value="QH-1"', 'dir="ltr"'])
      expect(tag('things-q')).toContain(a);
    for (const a of ['type="date"', 'name="from"', 'value=""']) expect(tag('things-from')).toContain(a);
    expect(tag('things-status')).toContain('name="status"');
    expect(html).toMatch(
      /<option value="">Any<\/option><option value="a">A<\/option><option value="b" selected="">B<\/option>/,
    );
    // The search box spans two columns on wide screens; the others one.
    expect(html).toMatch(/<div class="lg:col-span-2"><label[^>]*for="things-q"/);
  });

  it('puts apply, reset and the extra actions in one row, with logical classes only', () => {
    expect(html).toMatch(
      /<button type="submit"[^>]*>Apply<\/button><a href="\/backend\/things\?tab=open"[^>]*>Reset<\/a><a href="\/export">Export<\/a>/,
    );
    expect(html).toContain('lg:col-span-6');
    expect(html).not.toMatch(/\b(ml|mr|pl|pr|left|right|text-left|text-right)-/);
  });
});

describe('the chart parts', () => {
  const box = { width: 600, height: 100 };
  it('speak a labelled chart as one image and hide an unlabelled part', () => {
    const labelled = render(
      'en',
      <AxisChart
        className="mt-4"
        ticks={[0, 5, 10]}
        height="h-32"
        box={box}
        grid={10}
        label="Sales, 1 to 7 Nov"
      >
        {null}
      </AxisChart>,
    );
    expect(labelled).toContain('role="img" aria-label="Sales, 1 to 7 Nov"');
    expect(labelled).toContain('overflow-visible');
    expect(labelled.match(/<line /g)).toHaveLength(3);
    const strip = render(
      'en',
      <AxisChart className="mt-4" ticks={[0, 2]} height="h-10" box={box} clip days={['2026-11-01']}>
        {null}
      </AxisChart>,
    );
    expect(strip).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(strip).not.toContain('role="img"');
    expect(strip).not.toContain('overflow-visible');
    expect(strip).toContain('<time dateTime="2026-11-01"');
  });

  it('give the figures behind a chart as a table, day first, in the page’s language', () => {
    const table = (locale: 'en' | 'ar') =>
      render(
        locale,
        <DayFigures
          summary="Show the figures"
          caption="Sales by day"
          dayHeader="Day"
          headers={['Orders', 'Revenue']}
          rows={[{ day: '2026-11-21', cells: ['3', 'AED 135.00'] }]}
        />,
      );
    const html = table('en');
    expect(html).toContain('<summary');
    expect(html).toContain('<caption class="sr-only">Sales by day</caption>');
    expect(html).toMatch(
      /<th scope="col" class="[^"]*text-start">Day<\/th><th scope="col" class="[^"]*text-end">Orders<\/th><th scope="col" class="[^"]*text-end">Revenue<\/th>/,
    );
    expect(html).toMatch(
      /<th scope="row"[^>]*><time dateTime="2026-11-21">[^<]*21[^<]*<\/time><\/th><td[^>]*>3<\/td><td[^>]*>AED 135.00<\/td>/,
    );
    expect(table('ar')).not.toBe(html); // the day is written in Arabic
  });
});

describe('loadOrDeny', () => {
  beforeEach(() => {
    redirectToLogin.mockClear();
  });

  it('gives the data when the gateway answers', async () => {
    const { loadOrDeny } = await import('@/lib/load-or-deny');
    await expect(loadOrDeny(async () => 42)).resolves.toEqual({ ok: true, data: 42 });
  });

  it('turns 403 into “no access” and, where asked, 404 or an impossible id into “not found” (no call)', async () => {
    const { Denied, loadOrDeny } = await import('@/lib/load-or-deny');
    const forbidden = () => Promise.reject(new GatewayError('FORBIDDEN', 'no', 403));
    const missing = () => Promise.reject(new GatewayError('BAD_RESPONSE', 'gone', 404));
    await expect(loadOrDeny(forbidden)).resolves.toEqual({ ok: false, reason: 'FORBIDDEN' });
    await expect(loadOrDeny(missing, { notFound: true })).resolves.toEqual({
      ok: false,
      reason: 'NOT_FOUND',
    });
    await expect(loadOrDeny(missing)).rejects.toThrow('gone'); // a list's 404 is a fault: the error boundary
    const call = vi.fn(async () => 1);
    await expect(loadOrDeny(call, { notFound: true, valid: false })).resolves.toEqual({
      ok: false,
      reason: 'NOT_FOUND',
    });
    expect(call).not.toHaveBeenCalled();
    for (const locale of ['en', 'ar'] as const) {
      const messages = locale === 'ar' ? ar : en;
      const denied = render(locale, <Denied title="Orders" reason="FORBIDDEN" />);
      expect(denied).toContain('<h1 class="text-2xl font-semibold text-stone-900">Orders</h1>');
      expect(denied).toContain(messages.AccessDenied.title);
      expect(render(locale, <Denied title="Order" reason="NOT_FOUND" />)).toContain(messages.NotFound.title);
    }
  });

  it('sends a signed-out member of staff to sign-in', async () => {
    const { loadOrDeny } = await import('@/lib/load-or-deny');
    const expired = () => Promise.reject(new GatewayError('UNAUTHORIZED', 'expired', 401));
    await expect(loadOrDeny(expired)).rejects.toThrow('NEXT_REDIRECT /backend/login');
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('lets any other failure reach the error boundary', async () => {
    const { loadOrDeny } = await import('@/lib/load-or-deny');
    const down = () => Promise.reject(new GatewayError('UNAVAILABLE', 'gateway down', 503));
    await expect(loadOrDeny(down)).rejects.toThrow('gateway down');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
