import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/render';
import { COPY } from '../src/templates/copy';
import type { EmailTemplate, MailLocale } from '../src/types';

const order: Extract<EmailTemplate, { kind: 'order-confirmation' }>['order'] = {
  orderNumber: 'QH-100123',
  placedAt: '2026-11-22T10:00:00Z',
  customerName: 'Sara Al Mansoori',
  customerPhone: '+971 50 123 4567',
  address: { emirate: 'Dubai', city: 'Dubai Marina', line: 'Villa 4, Street 12' },
  paymentMethod: 'COD',
  items: [
    {
      name: 'Ethiopia Yirgacheffe',
      variation: '250 g · Whole beans',
      quantity: 2,
      unitFils: 6500,
      lineFils: 13000,
    },
    { name: 'Pistachio gift box', quantity: 1, unitFils: 12050, lineFils: 12050 },
  ],
  discounts: [{ name: 'Anniversary Sale', code: 'ANNIV', amountFils: 2505 }],
  subtotalFils: 25050,
  discountFils: 2505,
  shippingFils: 2500,
  totalFils: 25045,
  // vatOfOrder's figures for these lines, discount and shipping at 5 % (5.57 + 5.16 + 1.19).
  vatFils: 1192,
  vatRateBp: 500,
  storeUrl: 'http://127.0.0.1:3000',
};

export const TEMPLATES: EmailTemplate[] = [
  { kind: 'order-confirmation', order },
  {
    kind: 'cart-recovery',
    name: 'Sara',
    items: [
      {
        name: 'Colombia Huila',
        variation: '1 kg · Ground',
        quantity: 1,
        priceFils: 9900,
        imageUrl: 'http://127.0.0.1:4000/x.jpg',
      },
    ],
    totalFils: 9900,
    restoreUrl: 'http://127.0.0.1:3000/cart/restore?token=abc',
    unsubscribeUrl: 'http://127.0.0.1:3000/newsletter/unsubscribe?token=u1',
  },
  { kind: 'contact-ack', subject: 'wholesale_inquiry' },
  {
    kind: 'contact-staff',
    contact: {
      name: 'Omar',
      email: 'omar@example.com',
      phone: '+971 50 000 0000',
      subject: 'feedback',
      message: 'Great beans\n<b>not bold</b>',
      receivedAt: '2026-11-22T10:00:00Z',
    },
  },
  {
    kind: 'newsletter-welcome',
    email: 'reader@example.com',
    storeUrl: 'http://127.0.0.1:3000',
    unsubscribeUrl: 'http://127.0.0.1:3000/newsletter/unsubscribe?token=u2',
  },
  {
    kind: 'newsletter-confirm',
    email: 'reader@example.com',
    confirmUrl: 'http://127.0.0.1:3000/newsletter/confirm?token=c1',
  },
  {
    kind: 'admin-change',
    change: {
      change: 'promoted',
      recipientName: 'Layla',
      actor: { name: 'Omar', email: 'omar@qahwa.local' },
      account: { name: 'Sara', email: 'sara@qahwa.local' },
      at: '2026-11-22T10:00:00Z',
      accountUrl: 'http://127.0.0.1:3001/backend/users/1',
    },
  },
];

/**
 * The HTML's skeleton: element names with the attributes that carry layout and direction (dir,
 * lang, align, data-section, data-row), no text and no styles — the structure a refactor must keep,
 * not wording that translators may change.
 */
function structure(html: string): string[] {
  const out: string[] = [];
  const tag = /<(\/?)([a-zA-Z0-9]+)([^>]*)>/g;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const [, closing, name, attrs = ''] = m;
    if (closing || !name) continue;
    const kept = [...attrs.matchAll(/\s(dir|lang|align|data-section|data-row|role)="([^"]*)"/g)].map(
      (a) => `${a[1]}=${a[2]}`,
    );
    out.push([name.toLowerCase(), ...kept].join(' '));
  }
  return out;
}

describe('every e-mail renders in both languages', () => {
  for (const t of TEMPLATES) {
    for (const locale of ['en', 'ar'] as MailLocale[]) {
      it(`${t.kind} in ${locale}`, async () => {
        const r = await renderEmail(t, locale);
        expect(r.subject.length).toBeGreaterThan(5);
        expect(r.text.length).toBeGreaterThan(40);
        expect(r.html).toContain(`lang="${locale}"`);
        expect(r.html).toMatch(locale === 'ar' ? /<html[^>]*dir="rtl"/ : /<html[^>]*dir="ltr"/);
        // No physical alignment leaks from the other language: Arabic cells start on the right.
        if (locale === 'ar') expect(r.html).not.toMatch(/text-align:left/);
        else expect(r.html).not.toMatch(/text-align:right/);
        expect(structure(r.html)).toMatchSnapshot();
        // The text part is react-email's own conversion of the HTML (its options compiled once).
        expect(r.text).toBe(toPlainText(r.html));
        // The store's name is filled everywhere the copy names the store.
        expect(`${r.subject} ${r.html}`).not.toContain('{store}');
      });
    }
  }
});

describe('what the shopper reads', () => {
  it('the confirmation lists number, items with variation and quantity, discount, shipping and total in AED', async () => {
    const en = await renderEmail({ kind: 'order-confirmation', order }, 'en');
    expect(en.subject).toBe('Your qahwa order QH-100123 is confirmed');
    for (const s of [
      'QH-100123',
      'Ethiopia Yirgacheffe',
      '250 g · Whole beans',
      '× 2',
      'AED 130.00',
      'AED 250.50',
      '− AED 25.05',
      'ANNIV',
      'AED 25.00',
      'AED 250.45',
      'Villa 4, Street 12',
      'Dubai Marina',
      'Cash on delivery',
    ]) {
      expect(en.text).toContain(s);
    }
    const ar = await renderEmail({ kind: 'order-confirmation', order }, 'ar');
    expect(ar.subject).toBe('تم تأكيد طلبك QH-100123 من قهوة');
    // Latin digits in Arabic (docs/domain-decisions.md), the dirham sign after the number.
    for (const s of ['250.45 د.إ', 'الإجمالي', 'الدفع عند الاستلام', 'الرمز ANNIV'])
      expect(ar.text).toContain(s);
  });

  it("says the VAT the total includes at the order's rate, and nothing of VAT when the store was not registered", async () => {
    const en = await renderEmail({ kind: 'order-confirmation', order }, 'en');
    expect(en.text).toContain('Includes VAT 5 %: AED 11.92');
    const ar = await renderEmail({ kind: 'order-confirmation', order }, 'ar');
    expect(ar.text).toContain('يشمل ضريبة القيمة المضافة 5 %: 11.92 د.إ');
    const unregistered = await renderEmail(
      { kind: 'order-confirmation', order: { ...order, vatFils: 0, vatRateBp: 0 } },
      'en',
    );
    expect(unregistered.text).not.toMatch(/VAT/);
  });

  it('a card payment made through a wallet names the wallet, not the card (en, ar)', async () => {
    const paid = { ...order, paymentMethod: 'STRIPE' as const };
    const card = await renderEmail({ kind: 'order-confirmation', order: paid }, 'en');
    expect(card.text).toContain('Paid by card');
    const wallet = { ...paid, paymentWallet: 'Apple Pay' };
    const en = await renderEmail({ kind: 'order-confirmation', order: wallet }, 'en');
    expect(en.text).toContain('Paid by Apple Pay');
    expect(en.text).not.toContain('Paid by card');
    const ar = await renderEmail({ kind: 'order-confirmation', order: wallet }, 'ar');
    expect(ar.text).toContain('مدفوع عبر Apple Pay');
    expect(ar.text).not.toContain('مدفوع بالبطاقة');
  });

  it('free shipping says so instead of AED 0.00', async () => {
    const r = await renderEmail({ kind: 'order-confirmation', order: { ...order, shippingFils: 0 } }, 'en');
    expect(r.text).toMatch(/Shipping\s+Free/);
  });

  it("a shopper's message is text, never markup (the staff notice)", async () => {
    const r = await renderEmail(TEMPLATES[3] as EmailTemplate, 'en');
    expect(r.html).not.toContain('<b>not bold</b>');
    expect(r.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
  });

  it('the acknowledgement names the subject from the fixed list and nothing the sender typed', async () => {
    const r = await renderEmail(TEMPLATES[2] as EmailTemplate, 'en');
    expect(r.subject).toBe('We received your message');
    expect(r.text).toContain('Wholesale inquiry');
    expect(r.text).toMatch(/^Hello,$/m);
    expect(r.text).toContain('If you did not write to us');
  });

  it('marketing mail has a visible unsubscribe link; the confirmation links to its page', async () => {
    for (const [i, url] of [
      [1, 'http://127.0.0.1:3000/newsletter/unsubscribe?token=u1'],
      [4, 'http://127.0.0.1:3000/newsletter/unsubscribe?token=u2'],
    ] as const) {
      for (const locale of ['en', 'ar'] as const) {
        const r = await renderEmail(TEMPLATES[i] as EmailTemplate, locale);
        expect(r.html).toContain(`href="${url}"`);
        expect(r.html).toContain('data-section="unsubscribe"');
      }
    }
    const confirm = await renderEmail(TEMPLATES[5] as EmailTemplate, 'ar');
    expect(confirm.subject).toBe('أكّد اشتراكك في نشرة قهوة البريدية');
    expect(confirm.html).toContain('href="http://127.0.0.1:3000/newsletter/confirm?token=c1"');
    expect(confirm.html).toContain('<span dir="ltr">reader@example.com</span>');
    // A confirmation is not marketing: no unsubscribe footer (there is nothing to leave yet).
    expect(confirm.html).not.toContain('data-section="unsubscribe"');
  });

  it('the administrator change names who did what to whom, and links to the account', async () => {
    const r = await renderEmail(TEMPLATES[6] as EmailTemplate, 'en');
    expect(r.subject).toBe('Sara is now an administrator of qahwa');
    expect(r.text).toContain('Omar (omar@qahwa.local) made Sara (sara@qahwa.local) an administrator');
    expect(r.html).toContain('href="http://127.0.0.1:3001/backend/users/1"');
  });

  it('the staff notification has a reply link to the sender', async () => {
    const r = await renderEmail(TEMPLATES[3] as EmailTemplate, 'en');
    expect(r.html).toContain('href="mailto:omar%40example.com?subject=Re%3A%20Feedback%20or%20suggestion"');
    expect(r.subject).toBe('New contact message: Feedback or suggestion — Omar');
  });

  it('the recovery e-mail links to the restored cart', async () => {
    const r = await renderEmail(TEMPLATES[1] as EmailTemplate, 'ar');
    expect(r.html).toContain('href="http://127.0.0.1:3000/cart/restore?token=abc"');
    expect(r.text).toContain('99.00 د.إ');
  });

  it('names the store as staff named it: brand bar, subject, sentences and footer (en, ar)', async () => {
    const store = { en: 'Bayt al Bunn', ar: 'بيت البن' };
    const confirmation = TEMPLATES[0] as EmailTemplate;
    const en = await renderEmail(confirmation, 'en', store);
    expect(en.subject).toBe('Your Bayt al Bunn order QH-100123 is confirmed');
    expect(en.html).toMatch(/data-role="brand"[^>]*>Bayt al Bunn</);
    expect(en.text).toContain('Bayt al Bunn · United Arab Emirates');
    const ar = await renderEmail(confirmation, 'ar', store);
    expect(ar.subject).toBe('تم تأكيد طلبك QH-100123 من بيت البن');
    expect(ar.html).toMatch(/data-role="brand"[^>]*>بيت البن</);
    // Every template: the old name nowhere (in Arabic, قهوة is also the word for coffee: the
    // phrases that named the store), the new one in each (its brand bar at least).
    for (const t of TEMPLATES) {
      for (const locale of ['en', 'ar'] as const) {
        const r = await renderEmail(t, locale, store);
        expect(r.text, `${t.kind} ${locale}`).toContain(store[locale]);
        expect(`${r.subject} ${r.text}`, `${t.kind} ${locale}`).not.toMatch(
          /(?<![@.])\bqahwa\b(?!\.)|من قهوة|في قهوة|نشرة قهوة|إدارة قهوة/,
        );
      }
    }
  });

  it('English and Arabic copy have the same keys', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(COPY.ar).sort()).toEqual(keys(COPY.en).sort());
  });
});
