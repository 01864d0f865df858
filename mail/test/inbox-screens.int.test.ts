import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../e2e/support/browser';
import { createMailer } from '../src/mailer';
import { renderEmail } from '../src/render';
import { mailCatcher } from '../src/testing';
import type { OrderEmailData } from '../src/types';

/**
 * The order confirmation as a person sees it in MailDev's web inbox (real SMTP, real Chromium):
 * the Arabic mail is laid out right to left, the English one left to right. Screenshots go to
 * .data/screens/email-confirmation-{en,ar}.png for a human to look at.
 */
const api = process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl;
const catcher = mailCatcher(api);
const screens = new URL('../../.data/screens/', import.meta.url).pathname;
const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl,
  from: 'qahwa <orders@qahwa.local>',
  logger: pino({ level: 'silent' }),
});

const order = (ar: boolean): OrderEmailData => ({
  orderNumber: 'QH-100042',
  placedAt: '2026-11-22T12:30:00Z',
  customerName: ar ? 'مريم سعيد' : 'Mariam Saeed',
  customerPhone: '+971 50 222 3344',
  address: ar
    ? { emirate: 'دبي', city: 'دبي مارينا', line: 'مارينا جيت 1، شقة 2204' }
    : { emirate: 'Dubai', city: 'Dubai Marina', line: 'Marina Gate 1, Apt 2204' },
  paymentMethod: 'COD',
  items: [
    {
      name: ar ? 'خلطة القهوة الإماراتية' : 'Emirati Gahwa Blend',
      variation: ar ? '250 غ · خلطة المنزل · بالهيل' : '250g · House Blend · Cardamom',
      quantity: 2,
      unitFils: 5500,
      lineFils: 11000,
    },
    {
      name: ar ? 'دلة نحاسية' : 'Brass Dallah',
      variation: ar ? 'مقاس واحد' : 'One size',
      quantity: 1,
      unitFils: 16500,
      lineFils: 16500,
    },
  ],
  discounts: [
    {
      name: ar ? 'تخفيضات الذكرى السنوية — خصم 40%' : 'Anniversary Sale — 40% off',
      code: 'ANNIVERSARY_2025',
      amountFils: 2750,
    },
  ],
  subtotalFils: 27500,
  discountFils: 2750,
  shippingFils: 2500,
  totalFils: 27250,
  storeUrl: 'http://127.0.0.1:3000',
});

let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  mailer.close();
});

describe('the confirmation in the mail catcher', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`reads ${locale === 'ar' ? 'right to left' : 'left to right'} in ${locale}`, async () => {
      const to = `screens-${locale}-${randomUUID().slice(0, 8)}@example.ae`;
      const r = await renderEmail({ kind: 'order-confirmation', order: order(locale === 'ar') }, locale);
      await mailer.send({ to, subject: r.subject, html: r.html, text: r.text });
      const caught = await catcher.waitForMessage((m) => m.to.some((t) => t.address === to));
      const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
      try {
        await page.goto(`${api}/#/email/${caught.id}`);
        const frame = page.frameLocator('iframe').first();
        const total = frame.getByText(locale === 'ar' ? '272.50 د.إ' : 'AED 272.50');
        await total.first().waitFor();
        // The grand total sits at the row's end: the right in English, the left in Arabic.
        const html = frame.locator('html');
        expect(await html.getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await page.screenshot({ path: `${screens}email-confirmation-${locale}.png`, fullPage: true });
        const label = await frame
          .getByText(locale === 'ar' ? 'الإجمالي' : 'Total', { exact: true })
          .first()
          .boundingBox();
        const sum = await total.first().boundingBox();
        expect(label && sum).toBeTruthy();
        if (locale === 'ar') expect(sum!.x).toBeLessThan(label!.x);
        else expect(sum!.x).toBeGreaterThan(label!.x);
      } finally {
        await page.close();
        await catcher.remove(caught.id).catch(() => {});
      }
    });
  }
});
