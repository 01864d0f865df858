import type { ElementsGroup, Kit } from './kit';
import type { StripeJsDoubleOptions } from './options';

/**
 * The Express Checkout Element (`elements().create('expressCheckout')`): the wallet's button
 * (none when no wallet is offered), whose sheet approves at once and hands the group the test
 * Visa for confirmPayment.
 *
 * Self-contained (no imports at run time, no closures over this module): stripeJsDoubleScript()
 * serves it as source text (index.ts).
 */
export function createExpressCheckoutElement(
  group: ElementsGroup,
  kit: Kit,
  wallet: StripeJsDoubleOptions['wallet'],
) {
  const events = kit.emitter();
  let box: HTMLDivElement | null = null;
  const label = wallet?.type === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
  const element = {
    _double: 'expressCheckout',
    mount(target: string | HTMLElement) {
      const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!host)
        throw new Error(
          'IntegrationError: the element to mount the express checkout element into was not found',
        );
      box = document.createElement('div');
      box.dataset.stripeDouble = 'expressCheckout';
      group.mounted.expressCheckout = element;
      if (!wallet) {
        host.appendChild(box);
        setTimeout(
          () => events.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined }),
          0,
        );
        return;
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('aria-label', label);
      button.textContent = wallet.type === 'apple_pay' ? ' Pay' : 'G Pay';
      button.style.cssText =
        'width:100%;height:44px;border:0;border-radius:6px;background:#000;color:#fff;font:600 16px system-ui;cursor:pointer';
      button.addEventListener('click', () => {
        let resolved = !events.has('click');
        const sheet = () => {
          // The wallet's sheet: the shopper approves, the wallet hands Stripe a card.
          group.walletPm = { number: '4242424242424242', wallet: wallet.type };
          events.emit('confirm', {
            elementType: 'expressCheckout',
            expressPaymentType: wallet.type,
            billingDetails: { name: wallet.name, email: wallet.email },
            paymentFailed(payload?: { reason?: string }) {
              group.walletPm = null;
              events.emit('_failed', payload ?? {});
            },
          });
        };
        if (resolved) {
          setTimeout(sheet, 50);
          return;
        }
        events.emit('click', {
          elementType: 'expressCheckout',
          expressPaymentType: wallet.type,
          resolve() {
            if (resolved) return;
            resolved = true;
            setTimeout(sheet, 50);
          },
          reject() {
            resolved = true;
          },
        });
      });
      box.appendChild(button);
      host.appendChild(box);
      setTimeout(
        () =>
          events.emit('ready', {
            elementType: 'expressCheckout',
            availablePaymentMethods: {
              applePay: wallet.type === 'apple_pay',
              googlePay: wallet.type === 'google_pay',
              link: false,
              paypal: false,
              amazonPay: false,
              klarna: false,
            },
          }),
        0,
      );
    },
    unmount() {
      box?.remove();
      box = null;
    },
    destroy() {
      element.unmount();
      delete group.mounted.expressCheckout;
    },
    update() {},
    on: events.on,
    off: events.off,
  };
  return element;
}
