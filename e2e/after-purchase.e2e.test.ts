import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createDb, eq, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { returnReasonLabel, returnStatusLabel } from '@qahwa/schema/returns';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { cardShopper, confirmationNumber, payButton, toPayment, typeCard } from './support/card-checkout';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { moveOrderThrough, signIn, staffContext } from './support/staff';

/*
 * After the purchase, end to end in Chromium over the real stack, once in Arabic on a phone and
 * once in English on a desktop: the shopper orders two bags by card → staff move the order to
 * processing, shipped and delivered in the back office (in the same language) → the shopper opens
 * the tracking link of the "delivered" e-mail from MailDev, downloads the tax invoice (a PDF whose
 * text has both titles and the invoice's number) and asks to return one bag → staff approve it
 * with a message, receive it as resaleable and refund it → the Stripe double saw exactly one
 * refund, of the credit note's amount; the tracking page lists the credit note; the bag is back
 * in stock; and every e-mail the shopper got is in their language.
 */
type Web = {
  OrderView: { kinds: Record<'INVOICE' | 'CREDIT_NOTE', string>; download: string };
  ReturnRequest: Record<'title' | 'submit' | 'reason' | 'note' | 'sent' | 'yourReturns', string>;
};
type Admin = {
  OrderDetail: { moveTo: string; moved: string };
  OrderStatus: Record<'new' | 'processing' | 'shipped' | 'delivered', string>;
  ReturnDetail: { title: string };
  ReturnActions: Record<'message' | 'approve' | 'receive' | 'resaleable' | 'refund', string>;
};
const web = (l: 'en' | 'ar') => messages('web', l) as unknown as Web;
const admin = (l: 'en' | 'ar') => messages('admin', l) as unknown as Admin;
const shots = `${root}.data/shots/after-purchase`;
const db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
const run = randomUUID().slice(0, 8);

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
}, 600_000);
afterAll(async () => {
  await stopStackAndBrowser(stack, browser);
  await db.close();
});

const ROUNDS = [
  {
    locale: 'ar',
    device: 'phone',
    viewport: { width: 390, height: 844 },
    product: 'خلطة القهوة الإماراتية',
    weight: '500 غ',
    customer: ['مريم الهاشمي', `after-ar-${run}@example.ae`, '+971 50 123 4567'],
    city: ['dubai', 'dubai-marina'],
    address: 'ممشى المارينا، برج 5، شقة 1203',
    reason: 'DAMAGED',
    note: 'وصل الكيس ممزقًا.',
  },
  {
    locale: 'en',
    device: 'desktop',
    viewport: { width: 1280, height: 900 },
    product: 'Emirati Gahwa Blend',
    weight: '250g',
    customer: ['Omar Saleh', `after-en-${run}@example.ae`, '+971 55 765 4321'],
    city: ['abu-dhabi', 'al-ain'],
    address: 'Al Jimi District, Street 12, Villa 4',
    reason: 'CHANGED_MIND',
    note: 'I ordered one bag too many.',
  },
] as const;

/** A button whose name is a message with one `{amount}` in it, whatever the amount. */
const withAmount = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{amount\\}', '.+')}$`);

async function stockOf(variationId: string): Promise<number> {
  const [row] = await db.db
    .select({ stock: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variationId));
  return row!.stock;
}

/** The signed tracking link of an e-mail to `address` about the order (its number in the subject). */
async function trackingLinkFromMail(address: string, subject: string): Promise<string> {
  const mail = await mailCatcher().waitForMessage(
    (m) =>
      m.to.some((t) => t.address.toLowerCase() === address) &&
      m.subject.includes(subject) &&
      /\/orders\/track\/[^"]+/.test(m.html),
    60_000,
  );
  return /href="([^"]*\/orders\/track\/[^"]+)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&');
}

async function download(page: Page, link: ReturnType<Page['getByRole']>, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = `${shots}/${name}`;
  await file.saveAs(path);
  return path;
}

describe('after the purchase: tracking, the invoice, a return and its refund', () => {
  it.each(ROUNDS)(
    'in $locale on a $device',
    async (round) => {
      const { locale } = round;
      const email = round.customer[1];
      const w = web(locale);
      const a = admin(locale);
      const { context, page, errors } = await cardShopper(browser, locale, round.viewport);
      try {
        // 1. The shopper buys two bags by card.
        await toPayment(page, stack, locale, {
          product: round.product,
          weight: round.weight,
          customer: [...round.customer],
          city: [...round.city],
          address: round.address,
          quantity: 2,
        });
        await typeCard(page, locale, '4242424242424242');
        await (await payButton(page, locale)).button.click();
        const orderNumber = await confirmationNumber(page);
        const [order] = await db.db.select().from(tables.orders).where(eq(tables.orders.id, orderNumber));
        expect(order).toMatchObject({ paymentProvider: 'STRIPE', locale });
        const [item] = await db.db
          .select()
          .from(tables.orderItems)
          .where(eq(tables.orderItems.orderId, orderNumber));
        expect(item!.quantity).toBe(2);
        const stockAfterOrder = await stockOf(item!.variationId);

        // 2. Staff prepare, ship and deliver it in the back office, in the same language.
        const staff = await staffContext(browser, stack, { locale });
        const staffPage = await staff.newPage();
        staffPage.on('dialog', (d) => void d.accept());
        await signIn(staffPage, stack);
        await staffPage.goto(`${stack.adminUrl}/backend/orders/${orderNumber}`);
        await moveOrderThrough(staffPage, a, ['processing', 'shipped', 'delivered']);

        // 3. The "delivered" e-mail's signed link opens the order's page, with the tax invoice.
        const link = await trackingLinkFromMail(email, orderNumber);
        await page.goto(link);
        await page.getByTestId('order-view').waitFor();
        const documents = page.getByTestId('documents');
        await documents.getByText(w.OrderView.kinds.INVOICE).first().waitFor({ timeout: 60_000 });
        await page.screenshot({
          path: `${shots}/tracking-delivered-${locale}-${round.device}.png`,
          fullPage: true,
        });
        const invoicePath = await download(
          page,
          documents.getByRole('link', { name: new RegExp(w.OrderView.download) }).first(),
          `invoice-${locale}.pdf`,
        );
        expect(readFileSync(invoicePath).subarray(0, 5).toString()).toBe('%PDF-');
        const invoiceText = execFileSync('pdftotext', ['-layout', invoicePath, '-'], { encoding: 'utf8' });
        expect(invoiceText).toContain('Tax Invoice');
        expect(invoiceText).toContain('فاتورة ضريبية');
        expect(invoiceText).toContain(orderNumber);
        const [invoice] = await db.db
          .select()
          .from(tables.invoices)
          .where(eq(tables.invoices.orderId, orderNumber));
        expect(invoiceText).toContain(invoice!.number);

        // 4. The shopper asks to return one of the two bags.
        const panel = page.getByRole('region', { name: w.ReturnRequest.title });
        await panel.getByRole('button', { name: w.ReturnRequest.submit }).waitFor({ timeout: 30_000 });
        await panel.getByRole('checkbox').first().check();
        await panel
          .getByLabel(w.ReturnRequest.reason)
          .selectOption({ label: returnReasonLabel(round.reason, locale) });
        await panel.getByLabel(w.ReturnRequest.note).fill(round.note);
        await panel.getByRole('button', { name: w.ReturnRequest.submit }).click();
        const sent = panel.getByText(new RegExp(fill(w.ReturnRequest.sent, { number: 'RT-\\d+' })));
        await sent.waitFor({ timeout: 30_000 });
        const returnNumber = /RT-\d+/.exec((await sent.textContent()) ?? '')![0];
        await page.screenshot({
          path: `${shots}/return-requested-${locale}-${round.device}.png`,
          fullPage: true,
        });

        // 5. Staff approve it with a message, receive the bag as sellable again, and refund it.
        await staffPage.goto(`${stack.adminUrl}/backend/returns/${returnNumber}`);
        await staffPage
          .getByRole('heading', { name: fill(a.ReturnDetail.title, { number: returnNumber }) })
          .waitFor();
        await staffPage
          .getByLabel(a.ReturnActions.message)
          .fill(locale === 'ar' ? 'أرسلي الكيس مع المندوب.' : 'Please hand the bag to the courier.');
        await staffPage.getByRole('button', { name: a.ReturnActions.approve }).click();
        await staffPage.getByRole('button', { name: a.ReturnActions.receive }).waitFor({ timeout: 30_000 });
        await staffPage.getByRole('checkbox').first().check();
        await staffPage.getByRole('button', { name: a.ReturnActions.receive }).click();
        const refundButton = staffPage.getByRole('button', { name: withAmount(a.ReturnActions.refund) });
        await refundButton.waitFor({ timeout: 30_000 });
        // A double click is one refund.
        await refundButton.dblclick();
        await staffPage
          .getByText(returnStatusLabel('refunded', locale), { exact: true })
          .first()
          .waitFor({ timeout: 60_000 });
        await staffPage.screenshot({ path: `${shots}/admin-return-refunded-${locale}.png`, fullPage: true });
        await staff.close();

        // 6. Exactly one refund reached Stripe, for the credit note's amount; the bag is back.
        const [credit] = await db.db
          .select()
          .from(tables.creditNotes)
          .where(eq(tables.creditNotes.invoiceId, invoice!.id));
        expect(credit).toBeDefined();
        await expect
          .poll(() => stack.stripe.refundsFor(order!.paymentIntentId!).length, { timeout: 30_000 })
          .toBe(1);
        const [refund] = stack.stripe.refundsFor(order!.paymentIntentId!);
        expect(refund!.amount).toBe(credit!.totalFils);
        expect(refund!.amount).toBeLessThan(order!.totalFils);
        await expect.poll(() => stockOf(item!.variationId), { timeout: 30_000 }).toBe(stockAfterOrder + 1);

        // 7. The tracking page lists the credit note, which downloads too.
        await page.reload();
        await documents.getByText(w.OrderView.kinds.CREDIT_NOTE).first().waitFor({ timeout: 60_000 });
        await page.screenshot({
          path: `${shots}/tracking-refunded-${locale}-${round.device}.png`,
          fullPage: true,
        });
        const creditPath = await download(
          page,
          documents.getByRole('link', { name: new RegExp(w.OrderView.download) }).last(),
          `credit-note-${locale}.pdf`,
        );
        expect(execFileSync('pdftotext', ['-layout', creditPath, '-'], { encoding: 'utf8' })).toContain(
          invoice!.number,
        );

        // 8. Every e-mail the shopper got is in their language.
        const mails = await mailCatcher().messagesTo(email);
        expect(mails.length).toBeGreaterThanOrEqual(4);
        for (const mail of mails) {
          expect(mail.html, mail.subject).toMatch(
            locale === 'ar' ? /<html[^>]*dir="rtl"/ : /<html[^>]*dir="ltr"/,
          );
          expect(/[\u0600-\u06FF]/.test(mail.subject), mail.subject).toBe(locale === 'ar');
        }
        expect(errors).toEqual([]);
      } catch (error) {
        await page.screenshot({ path: `${shots}/failed-${locale}.png`, fullPage: true }).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});
