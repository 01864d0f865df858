import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../src/checkout/messages';
import { CreateOrderRequest } from '../src/contracts/orders';
import { DOMAIN_EVENT_TYPES, DomainEvent, EVENT_SUBJECTS, makeEvent, subjectOf } from '../src/events/events';
import { localizedMessage, MESSAGES, message } from '../src/messages/catalogue';
import { placeholdersOf } from '../src/messages/localized-text';
import { PAYMENT_MESSAGES } from '../src/payments/messages';
import { PROMOTION_MESSAGES } from '../src/promotions/messages';
import { SETTINGS_MESSAGES } from '../src/settings/messages';
import { VALIDATION_MESSAGES } from '../src/validation/messages';
import { CATALOGUE_FORM_MESSAGES } from '../src/validation/product-form';
import { API_CALLS, type ApiCall } from './api-calls';

describe('messages', () => {
  it('no code is defined twice across the domain tables', () => {
    const tables = [
      VALIDATION_MESSAGES,
      PAYMENT_MESSAGES,
      PROMOTION_MESSAGES,
      CHECKOUT_MESSAGES,
      CATALOGUE_FORM_MESSAGES,
      SETTINGS_MESSAGES,
    ];
    const total = tables.reduce((n, t) => n + Object.keys(t).length, 0);
    expect(Object.keys(MESSAGES)).toHaveLength(total);
  });

  it.each(Object.entries(MESSAGES))('%s has English and Arabic with the same placeholders', (_code, text) => {
    expect(text.en.trim()).not.toBe('');
    expect(placeholdersOf(text.ar).sort()).toEqual(placeholdersOf(text.en).sort());
    if (!/^HTTP /.test(text.en)) expect(text.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('looks up and fills a message in either language', () => {
    expect(message('coupon.minOrder', 'en', { amount: '100.00' })).toBe(
      'A minimum order of 100.00 AED is required for this coupon',
    );
    expect(localizedMessage('coupon.networkFailed')).toEqual({
      code: 'coupon.networkFailed',
      en: 'Failed to apply coupon. Please try again.',
      ar: 'تعذّر تطبيق القسيمة. يرجى المحاولة مرة أخرى.',
    });
    expect(message('newsletter.subscribed', 'en')).toBe('Successfully subscribed to newsletter!');
    expect(message('error.network', 'en')).toBe('Network error. Please try again.');
  });
});

describe('contracts (SPEC 7)', () => {
  it('every SPEC 7 call is described', () => {
    const calls = API_CALLS.map((c) => `${c.method} ${c.path}`);
    for (const call of [
      'GET /api/auth/session',
      'GET /api/users/:id',
      'POST /api/shipping/calculate',
      'POST /api/promotions/validate',
      'GET /api/products',
      'GET /api/products/:id',
      'POST /api/promotions',
      'PATCH /api/promotions/:id',
      'GET /api/promotions',
      'GET /api/content/fomo-offers',
      'GET /api/variations/sizes',
      'GET /api/variations/types',
      'GET /api/variations/beans',
      'GET /api/variations/products',
      'POST /api/variations/products',
      'PUT /api/variations/products/:id',
      'DELETE /api/variations/products/:id',
      'POST /api/create-payment-intent',
      'POST /api/orders',
      'POST /api/payments/tabby',
      'PATCH /api/leads',
      'POST /api/leads/cart-abandonment',
    ]) {
      expect(calls).toContain(call);
    }
  });

  it('names every body and response, leaves params and query anonymous, and converts all to JSON Schema', () => {
    for (const call of API_CALLS as readonly ApiCall[]) {
      for (const [io, schema] of Object.entries({
        params: call.params,
        query: call.query,
        body: call.body,
        response: call.response,
      })) {
        if (!schema) continue;
        const id = z.globalRegistry.get(schema)?.id;
        // Bodies and responses are named OpenAPI components; params and query are listed field
        // by field as parameters, which a named ($ref) schema would prevent.
        if (io === 'body' || io === 'response')
          expect(id, `${call.method} ${call.path} ${io}`).toMatch(/^[A-Z]/);
        else expect(id, `${call.method} ${call.path} ${io}`).toBeUndefined();
        expect(() =>
          z.toJSONSchema(schema, { io: io === 'response' ? 'output' : 'input', unrepresentable: 'any' }),
        ).not.toThrow();
      }
    }
  });

  it('the order request reuses the checkout form rules and words', () => {
    const r = CreateOrderRequest.safeParse({
      customerInfo: { fullName: 'A', email: 'a@b.co', phone: '12' },
      shippingInfo: { emirate: 'dubai', city: 'al-ain', address: 'Somewhere long enough' },
      items: [],
      totalAmount: 0,
      subtotal: 0,
      shippingCost: 0,
    });
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain('Phone number must be between 7 and 20 digits');
    expect(messages).toContain('Please select a city');
  });
});

describe('domain events (DESIGN.md)', () => {
  it('every event of DESIGN.md is in the union with a commerce.<aggregate>.<event> subject', () => {
    expect(DOMAIN_EVENT_TYPES.sort()).toEqual(
      [
        'CartAbandoned',
        'LeadQualified',
        'LeadConverted',
        'CheckoutStarted',
        'PaymentSucceeded',
        'PaymentFailed',
        // A card payment refunded, disputed, or settled by staff (docs/payments.md).
        'PaymentRefunded',
        'PaymentDisputed',
        'PaymentResolved',
        'TabbyApproved',
        'TabbyRejected',
        'OrderPlaced',
        'OrderStatusChanged',
        // A shopper's return asked for and approved, and its money given back (docs/returns.md).
        'ReturnRequested',
        'ReturnApproved',
        'RefundIssued',
        'ProductViewed',
        'ReviewSubmitted',
        'ContactReceived',
        'NewsletterSubscribed',
        // The double opt-in and the one-click unsubscribe (docs/crm.md).
        'NewsletterConfirmationRequested',
        'NewsletterUnsubscribed',
        'CatalogueChanged',
        // Staff saved a section of the store's settings (docs/settings.md).
        'SettingsChanged',
      ].sort(),
    );
    expect(subjectOf('OrderPlaced')).toBe('commerce.order.order_placed');
    expect(EVENT_SUBJECTS.TabbyRejected).toBe('commerce.payment.tabby_rejected');
    expect(new Set(Object.values(EVENT_SUBJECTS)).size).toBe(24);
    expect(EVENT_SUBJECTS.RefundIssued).toBe('commerce.return.refund_issued');
    expect(EVENT_SUBJECTS.SettingsChanged).toBe('commerce.settings.settings_changed');
    expect(EVENT_SUBJECTS.CatalogueChanged).toBe('commerce.catalogue.catalogue_changed');
    // Product views are the analytics stream's (one replica); everything else is commerce's.
    expect(EVENT_SUBJECTS.ProductViewed).toBe('analytics.product.product_viewed');
    for (const [type, s] of Object.entries(EVENT_SUBJECTS))
      if (type !== 'ProductViewed') expect(s).toMatch(/^commerce\.[a-z]+\.[a-z_]+$/);
  });

  it('builds and parses an event; rejects bad data', () => {
    const meta = { id: '3b241101-e2bb-4255-8caf-4136c566a962', occurredAt: '2025-10-01T08:00:00Z' };
    const e = makeEvent('TabbyRejected', { checkoutId: 'c1', outcome: 'amount_too_high' }, meta);
    expect(DomainEvent.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect(() => makeEvent('ReviewSubmitted', { reviewId: 'r', productId: 'p', rating: 6 }, meta)).toThrow();
  });
});

describe('purity: schema/ depends on zod only', () => {
  const root = join(__dirname, '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
  const forbidden =
    /^(next|fastify|drizzle-orm|@nats-io\/|@temporalio\/|node:)|^(next|fastify|drizzle-orm)\//;
  const builtins =
    /^(fs|path|crypto|os|http|https|net|child_process|stream|url|util|events|buffer|worker_threads)$/;

  it('package.json has no forbidden dependency', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    for (const d of deps) expect(d).not.toMatch(/^(next|fastify|drizzle-orm|@nats-io\/|@temporalio\/)/);
  });

  it('no src file imports next, fastify, drizzle-orm, @nats-io/*, @temporalio/* or a node built-in', () => {
    const offenders: string[] = [];
    for (const file of files(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g,
      )) {
        const spec = m[1] ?? '';
        if (forbidden.test(spec) || builtins.test(spec)) offenders.push(`${file}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
