/**
 * Every page of the storefront and the back office, sign-in included, says so while the store's
 * payments take no money (a test key or a provider double: development, the tests, a demo run with
 * ALLOW_PAYMENT_DOUBLES=1; docs/security.md "Payment doubles"): no shopper thinks they paid, no
 * staff member ships an order paid with a test card. In the page's flow above the sticky header,
 * so it scrolls away and never covers what a phone shows.
 *
 * The words come from the app that draws it (its messages' `TestPayments.banner`), so this package
 * holds no translations and needs no i18n runtime: it renders wherever the app's layout does.
 */
export function TestPaymentsBanner({ text }: { text: string }) {
  return (
    <p role="note" className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
      {text}
    </p>
  );
}
