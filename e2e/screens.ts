/**
 * Screenshots of the shopper's own screens in English and Arabic on a phone
 * viewport (390×844), into .data/screens/. Not a test: a tool for reviewing layouts in both
 * directions. Needs the built web and admin, like the e2e tests:
 *   npx tsx e2e/screens.ts
 */
import { mkdirSync } from 'node:fs';
import { launchChromium } from './support/browser';
import { root, startStack } from './support/stack';

const out = `${root}.data/screens/s3`;
const ROUTES = [
  '/about',
  '/contact',
  '/profile',
  '/wishlist',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/shop',
];

async function main() {
  mkdirSync(out, { recursive: true });
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    for (const locale of ['en', 'ar'] as const) {
      const context = await browser.newContext({
        locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      for (const route of ROUTES) {
        await page.goto(`${stack.webUrl}${route}`);
        await page.waitForLoadState('networkidle');
        const name = route.slice(1) || 'home';
        await page.screenshot({ path: `${out}/${name}-${locale}.png`, fullPage: true });
      }
      // The wishlist with one product, the phone's menu, and the cart's bottom sheet.
      await page.goto(`${stack.webUrl}/shop`);
      await page.locator('button[aria-pressed]').first().click();
      await page.locator('button[aria-pressed]').nth(1).click();
      await page.goto(`${stack.webUrl}/wishlist`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/wishlist-saved-${locale}.png`, fullPage: true });
      await page.locator('header button[aria-haspopup="dialog"]').first().click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/menu-${locale}.png` });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
      // Two products into the cart: the bottom sheet shows the last one and '+1 more item'.
      for (let i = 0; i < 2; i++) {
        await page.locator('main ul button[aria-haspopup="dialog"]').first().click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('form button[type="submit"]').waitFor();
        await dialog.locator('form button[type="submit"]').click();
        await page.waitForTimeout(1200);
        if (i === 0) {
          await page.keyboard.press('Escape');
          await page.waitForTimeout(600);
        }
      }
      await page.screenshot({ path: `${out}/cart-sheet-${locale}.png` });
      await page.goto(`${stack.webUrl}/profile`);
      await page.locator('form').first().locator('button[type="submit"]').click();
      await page.screenshot({ path: `${out}/profile-saved-${locale}.png`, fullPage: true });
      await page.goto(`${stack.webUrl}/contact`);
      await page.locator('main form button[type="submit"]').click();
      await page.screenshot({ path: `${out}/contact-errors-${locale}.png`, fullPage: true });
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
