import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A shopper's own browser (its language and window), with the page's uncaught errors collected:
 * a storefront test ends by asserting there were none. `prepare` runs before the page opens (an
 * init script, such as the Stripe.js double, must be in place before any page script).
 */
export async function openShopper(
  browser: Browser,
  locale: 'en' | 'ar',
  viewport: { width: number; height: number },
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: locale === 'ar' ? 'ar-AE' : 'en-GB', viewport });
  await prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}
