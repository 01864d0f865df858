import { createOrdersRepository, type Db, tables } from '@qahwa/db';
import { createOrderAdminRepository } from '@qahwa/db/repositories/order-admin';

export interface PaidOrder {
  provider: 'STRIPE' | 'TABBY';
  /** The provider's payment id (a PaymentIntent, a Tabby payment). */
  paymentId: string;
  /** The payments read model's method and status the order was paid with. */
  payment: { method: 'card' | 'pay_later'; status: 'succeeded' | 'captured' };
  checkoutId: string;
  customer: { fullName: string; email: string; phone: string };
}

/**
 * An Arabic-speaking shopper's paid order (two 70 AED coffees and 25 AED delivery to JBR: 165 AED),
 * its payment in the payments read model, then cancelled by staff as the order page does: what a
 * refund starts from. Returns the order's id.
 */
export async function cancelledPaidOrder(db: Db, order: PaidOrder): Promise<string> {
  const [v] = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  const [customer] = await db
    .insert(tables.customers)
    .values(order.customer)
    .returning({ id: tables.customers.id });
  const orderId = await db.transaction(async (tx) => {
    const id = await createOrdersRepository(db).insert(
      {
        checkoutId: order.checkoutId,
        customerId: customer!.id,
        customer: order.customer,
        paymentProvider: order.provider,
        paymentIntentId: order.paymentId,
        subtotalFils: 140_00,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils: 165_00,
        emirate: 'dubai',
        city: 'jbr',
        address: 'The Walk, Building 3, Apt 1204',
        locale: 'ar',
        status: 'new',
        items: [
          {
            productId: v!.productId,
            variationId: v!.id,
            name: 'Coffee',
            nameAr: 'قهوة',
            variation: { weight: '250g', beans: null, additions: null },
            unitFils: 70_00,
            quantity: 2,
          },
        ],
      },
      tx,
    );
    await tx.insert(tables.payments).values({
      id: order.paymentId,
      provider: order.provider,
      method: order.payment.method,
      status: order.payment.status,
      amountFils: 165_00,
      orderId: id,
    });
    return id;
  });
  await db.transaction((tx) =>
    createOrderAdminRepository(db).move(tx, {
      orderId,
      to: 'cancelled',
      version: 1,
      actor: { id: null, email: 'staff@qahwa.local' },
    }),
  );
  return orderId;
}
