import { createOrderPlacement, type OrderPlacement } from '@qahwa/checkout';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaidOrders, type PaidOrders } from './paid-order';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * THE order creation (checkout/place-order.ts) and the paid order in the request
     * (payments/paid-order.ts), made once per app: the browser's POST /api/orders, Stripe's webhook
     * and staff's "Complete the order" share them, so a payment both entry points bring to this
     * gateway at once is looked up and ordered once (`placePaid` joins the one in flight).
     */
    orders: { placeOrder: OrderPlacement['placeOrder']; placePaid: PaidOrders['placePaid'] };
  }
}

export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, logger, stripe } = app.deps;
    const { placeOrder } = createOrderPlacement({ db, logger });
    const { placePaid } = createPaidOrders({ db, logger, stripe, placeOrder });
    app.decorate('orders', { placeOrder, placePaid });
  },
  { name: 'orders', dependencies: ['repositories'] },
);
