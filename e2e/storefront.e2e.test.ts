import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { artifacts, type Stack } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
});
afterAll(() => stopStackAndBrowser(stack, browser));

const ar = messages('web', 'ar');
const PRODUCT_AR = 'خلطة القهوة الإماراتية';
const REVIEW_BODY = 'قهوة رائعة بالهيل، طازجة ورائحتها تملأ البيت.';

/**
 * window.dataLayer lives as long as the document; the journey crosses several full loads, so
 * every push is also copied to sessionStorage (same tab, same origin) to be read at the end.
 */
const KEEP_DATALAYER = `(() => {
  const key = 'e2e-datalayer';
  const layer = (window.dataLayer = window.dataLayer || []);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => {
    const all = JSON.parse(sessionStorage.getItem(key) || '[]');
    for (const e of entries) if (e && typeof e === 'object' && typeof e.event === 'string' && !e.event.startsWith('gtm.')) all.push(e);
    sessionStorage.setItem(key, JSON.stringify(all));
    return push(...entries);
  };
})();`;

type Recorded = { event: string } & Record<string, unknown>;
const recorded = (page: Page): Promise<Recorded[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-datalayer') ?? '[]'));

async function staffCookie(): Promise<string> {
  const res = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    // As the back office's sign-in page sends it: the gateway refuses staff writes from elsewhere.
    headers: { 'content-type': 'application/json', origin: stack.adminUrl },
    body: JSON.stringify(stack.admin),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * The storefront's journey, as a shopper on a phone in Arabic: find a product by an Arabic search typed
 * without hamza, keep it in the wishlist, move it to the cart, see 'You might also like', write a
 * review that appears only once staff approve it through the API, and check out with the details
 * the profile saved. Analytics: the events of the journey, in order, from window.dataLayer.
 */
describe('a shopper finds, keeps, buys and reviews a coffee in Arabic', () => {
  it('walks the whole journey', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    await context.addInitScript(KEEP_DATALAYER);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const shot = (name: string) =>
      page.screenshot({ path: `${artifacts}/storefront-${name}.png`, fullPage: true });

    // English first (the browser asks for it); the shopper switches to Arabic.
    await page.goto(`${stack.webUrl}/profile`);
    await page
      .getByRole('combobox', { name: messages('web', 'en').LanguageSwitcher!.label })
      .first()
      .selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: ar.ProfilePage!.title }).waitFor();

    // Profile and settings: details and an address kept on the device, to prefill the checkout.
    // (Scoped to the page's main part: the footer's newsletter field is also called "e-mail".)
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: ar.CustomerStep!.fullName }).fill('مريم الهاشمي');
    await main.getByRole('textbox', { name: ar.CustomerStep!.email }).fill('mariam@example.ae');
    await main.getByRole('textbox', { name: ar.CustomerStep!.phone }).fill('+971 50 123 4567');
    await page.getByRole('button', { name: ar.ProfilePage!.saveContact }).click();
    await page.getByRole('status').filter({ hasText: ar.ProfilePage!.contactSaved! }).waitFor();
    await page.getByRole('combobox', { name: ar.ShippingStep!.emirate }).selectOption('dubai');
    await page.getByRole('combobox', { name: ar.ShippingStep!.city }).selectOption('dubai-marina');
    await page
      .getByRole('textbox', { name: ar.ShippingStep!.address })
      .fill('ممشى المارينا، برج 5، شقة 1203');
    await page.getByRole('button', { name: ar.ProfilePage!.saveAddress }).click();
    await page.getByRole('status').filter({ hasText: ar.ProfilePage!.addressSaved! }).waitFor();

    // Search in Arabic without the hamza and with a final ه: the product is found all the same.
    await page.goto(`${stack.webUrl}/shop`);
    const search = page.getByRole('search', { name: ar.Shop!.searchLabel });
    await search.getByRole('searchbox').fill('الاماراتيه');
    await search.getByRole('searchbox').press('Enter');
    await page.waitForURL(/[?&]q=/);
    const heart = page.getByRole('button', { name: fill(ar.WishlistButton!.label!, { name: PRODUCT_AR }) });
    await heart.waitFor();
    await shot('search-ar');

    // The heart keeps it on the device.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // The wishlist is one tap from the header; Move to cart goes through the options modal.
    await page.getByRole('link', { name: ar.Header!.wishlist }).first().click();
    await page.waitForURL('**/wishlist');
    await page
      .getByRole('button', { name: fill(ar.WishlistPage!.moveToCartFor!, { name: PRODUCT_AR }) })
      .click();
    const dialog = page.getByRole('dialog', { name: ar.OptionsModal!.title });
    await dialog
      .getByRole('button', { name: ar.OptionsModal!.addToCart })
      .click()
      .catch(async (err) => {
        await shot('failed-options');
        throw new Error(`${(err as Error).message}\nconsole: ${consoleErrors.join('\n')}`);
      });

    // The cart panel opens with the line, and the block of suggestions.
    const cart = page.getByRole('dialog', { name: ar.CartPanel!.title });
    await cart.getByText(PRODUCT_AR).first().waitFor();
    // SPEC 2.5: up to 4 suggestions, each a link to a product page.
    const suggestions = cart.getByRole('region', { name: ar.Recommendations!.title });
    await suggestions.getByRole('link').first().waitFor({ timeout: 15_000 });
    const links = await suggestions
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(4);
    for (const href of links) expect(href).toMatch(/^\/product\/[\w-]+$/);
    await shot('cart-ar');
    // It left the wishlist.
    await cart.getByRole('button', { name: ar.CartPanel!.continueShopping }).first().click();
    await page.getByText(ar.WishlistPage!.empty!).waitFor();

    // The product page: write a review. It is not shown until staff approve it.
    // The page tells the gateway it was viewed (a beacon; staff see the count on the dashboard).
    const viewed = page.waitForResponse((r) => /\/api\/products\/[^/]+\/views$/.test(r.url()));
    await page.goto(`${stack.webUrl}/product/emirati-gahwa-blend`);
    await page.getByRole('heading', { level: 1, name: PRODUCT_AR }).waitFor();
    expect((await viewed).status()).toBe(202);
    const form = page.getByRole('form', { name: ar.Reviews!.write });
    // Five stars: the rating's radios run from one to five.
    // (Each radio is visually hidden inside its star, which is what a finger taps: its label.)
    const five = form.getByRole('radio').nth(4);
    await five.locator('xpath=ancestor::label[1]').click();
    expect(await five.isChecked()).toBe(true);
    await form.getByRole('textbox', { name: ar.Reviews!.name }).fill('مريم');
    await form.getByRole('textbox', { name: ar.Reviews!.body }).fill(REVIEW_BODY);
    await form.getByRole('button', { name: ar.Reviews!.submit }).click();
    await form.getByRole('status').filter({ hasText: /\S/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: PRODUCT_AR }).waitFor();
    expect(await page.getByText(REVIEW_BODY).count()).toBe(0);

    // Staff approve it through the API; then it is published.
    const cookie = await staffCookie();
    const pending = (
      (await (
        await fetch(`${stack.gatewayUrl}/api/admin/reviews?status=PENDING`, { headers: { cookie } })
      ).json()) as { reviews: { id: string; body: string }[] }
    ).reviews;
    const review = pending.find((r) => r.body === REVIEW_BODY);
    expect(review).toBeDefined();
    const approved = await fetch(`${stack.gatewayUrl}/api/admin/reviews/${review!.id}/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: stack.adminUrl },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByText(REVIEW_BODY).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await shot('product-review-ar');

    // Checkout: the profile filled both steps; the shopper only confirms them and pays on delivery.
    await page.getByRole('button', { name: ar.CartButton!.label }).click();
    await page.getByRole('link', { name: ar.CartPanel!.orderNow }).click();
    await page.waitForURL('**/checkout');
    expect(await main.getByRole('textbox', { name: ar.CustomerStep!.email }).inputValue()).toBe(
      'mariam@example.ae',
    );
    await page.getByRole('button', { name: ar.CustomerStep!.submit }).click();
    expect(await page.getByRole('combobox', { name: ar.ShippingStep!.city }).inputValue()).toBe(
      'dubai-marina',
    );
    await page.getByRole('button', { name: ar.ShippingStep!.submit }).click();
    const cod = page.getByRole('radio', { name: ar.PaymentStep!.cod });
    await cod.waitFor();
    await cod.check();
    await page.getByRole('button', { name: ar.PaymentStep!.submit }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /QH-\d{6}/ })
      .waitFor({ timeout: 60_000 });

    // SPEC 1 analytics, in the order the shopper caused them.
    const events = await recorded(page);
    const journey = events
      .map((e) => (e.event === 'cart' ? `cart:${e.action}` : e.event))
      .filter((name) => name !== 'cart:open' && name !== 'checkout_step')
      // Each reload of the product page (waiting for the approval) is a view of its own.
      .filter((name, i, all) => !(name === 'ViewContent' && all[i - 1] === 'ViewContent'));
    expect(journey).toEqual([
      'language_change',
      'search',
      'add_to_wishlist',
      'AddToCart',
      'cart:add_from_wishlist',
      'ViewContent',
      'InitiateCheckout',
      'AddShippingInfo',
      'AddPaymentInfo',
    ]);
    expect(events.filter((e) => e.event === 'checkout_step').map((e) => e.step)).toEqual([1, 2, 3]);
    expect(events.find((e) => e.event === 'search')).toMatchObject({ search_term: 'الاماراتيه' });
    expect(events.find((e) => e.event === 'language_change')).toMatchObject({ from: 'en', to: 'ar' });
    for (const name of ['ViewContent', 'AddToCart', 'InitiateCheckout', 'AddShippingInfo', 'AddPaymentInfo'])
      expect(
        events.find((e) => e.event === name),
        name,
      ).toMatchObject({ currency: 'AED' });
    expect(events.find((e) => e.event === 'AddPaymentInfo')).toMatchObject({ payment_type: 'cod' });
    expect(events.some((e) => e.event === 'cart' && e.action === 'open')).toBe(true);
    expect(events.filter((e) => e.event === 'ViewContent').length).toBeGreaterThanOrEqual(3);
    // Nothing came from an analytics host: no id is set in this stack.
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** SPEC 2.5 on a phone: the bottom sheet shows only the last added line and '+N more items'. */
describe('the cart bottom sheet on a phone', () => {
  it('shows the last line and how many more, with − / + / remove, a total and the empty text', async () => {
    const context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const sheet = page.getByRole('dialog', { name: ar.CartPanel!.title });
    const total = sheet.getByTestId('cart-total');
    const add = async (name: string) => {
      await page.getByRole('button', { name: fill(ar.ProductCard!.selectOptionsFor!, { name }) }).click();
      await page
        .getByRole('dialog', { name: ar.OptionsModal!.title })
        .getByRole('button', { name: ar.OptionsModal!.addToCart })
        .click();
      await total.waitFor();
    };
    const button = (key: 'decrease' | 'increase' | 'remove', name: string) =>
      sheet.getByRole('button', { name: fill(ar.CartPanel![key]!, { name }) });

    await page.goto(`${stack.webUrl}/shop`);
    await add('برازيلي سانتوس');
    await sheet.getByRole('button', { name: ar.CartPanel!.continueShopping }).first().click();
    await sheet.waitFor({ state: 'detached' });
    await add('كولومبي سوبريمو');

    // Only the last added line, and "+1 more item" for the other.
    await expect.poll(() => button('increase', 'كولومبي سوبريمو').isVisible()).toBe(true);
    expect(await button('increase', 'برازيلي سانتوس').isVisible()).toBe(false);
    await sheet.getByText('+ منتج واحد آخر').waitFor();

    // + raises the total; remove leaves the other line, with no "+N more" line.
    const before = await total.textContent();
    await button('increase', 'كولومبي سوبريمو').click();
    await expect.poll(() => total.textContent()).not.toBe(before);
    await button('remove', 'كولومبي سوبريمو').click();
    await expect.poll(() => button('increase', 'برازيلي سانتوس').isVisible()).toBe(true);
    expect(await sheet.getByText('+ منتج واحد آخر').count()).toBe(0);
    await page.screenshot({ path: `${artifacts}/storefront-cart-sheet-ar.png` });

    // − at one removes the line (SPEC 4): the cart is empty.
    await button('decrease', 'برازيلي سانتوس').click();
    await sheet.getByText(ar.CartPanel!.empty!).waitFor();
    await context.close();
  });
});
