import { randomUUID } from 'node:crypto';
import {
  createCatalogueRepository,
  createCustomersRepository,
  createOrdersRepository,
  createOutboxRepository,
  createShippingRepository,
  type Db,
} from '@qahwa/db';
import {
  type CheckoutToOrderInput,
  type CheckoutToOrderResult,
  isCityOf,
  type OrderPlaced,
} from '@qahwa/schema';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import { CHECKOUT_FAILURE } from './checkout/errors';
import { priceOrder, type VariationRecord } from './checkout/pricing';

export interface ActivityDeps {
  db: Db;
  logger: Logger;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/** Activities are built by a factory that receives its clients; the worker wires them. */
export function createActivities({ db, logger }: ActivityDeps) {
  const catalogue = createCatalogueRepository(db);
  const orders = createOrdersRepository(db);
  const customers = createCustomersRepository(db);
  const outbox = createOutboxRepository(db);
  const shipping = createShippingRepository(db);

  /**
   * Creates a cash-on-delivery order in ONE transaction: find or create the customer, price the
   * items from the database, lock and decrement stock, insert the order and items, convert the
   * lead and append OrderPlaced to the outbox. Idempotent by checkout id: a retry after a crash
   * (before or after the commit) returns the order that exists instead of making another.
   */
  async function placeCodOrder(input: CheckoutToOrderInput): Promise<CheckoutToOrderResult> {
    const { checkoutId, requestId, order } = input;
    const log = logger.child({ requestId, checkoutId });
    // Heartbeat while we wait on the database, so a worker that dies is noticed within the heartbeat timeout.
    const ctx = activityContext();
    const beat = ctx ? setInterval(() => ctx.heartbeat(), 1000) : null;
    try {
      const existing = await orders.findByCheckoutId(checkoutId);
      if (existing) {
        log.info({ orderId: existing.id }, 'checkout already has an order');
        return {
          orderId: existing.id,
          customerId: existing.customerId,
          isNewCustomer: false,
          totalFils: existing.totalFils,
        };
      }
      if (!isCityOf(order.shippingInfo.emirate, order.shippingInfo.city)) {
        throw ApplicationFailure.nonRetryable('City is not in the emirate', CHECKOUT_FAILURE.invalidAddress);
      }
      const result = await db.transaction(async (tx) => {
        const rows = await catalogue.lockVariations(
          tx,
          order.items.map((i) => i.variationId),
        );
        const records = new Map<string, VariationRecord>(
          rows.map(({ v, p, size, type, beans }) => [
            v.id,
            {
              id: v.id,
              productId: p.id,
              productName: p.name,
              productNameAr: p.nameAr,
              productActive: p.isActive,
              isActive: v.isActive,
              priceFils: v.priceFils,
              discount: v.discount,
              discountType: v.discountType,
              stockQuantity: v.stockQuantity,
              weight: size.displayName,
              beans: beans?.name ?? null,
              additions: type?.name ?? null,
            },
          ]),
        );
        const rules = await shipping.activeRules(tx);
        const priced = priceOrder(order.items, records, rules, order.shippingInfo.city);
        const unavailable = priced.lines.find((l) => !l.isActive);
        if (priced.missing.length > 0 || unavailable) {
          throw ApplicationFailure.nonRetryable(
            'An item is no longer available',
            CHECKOUT_FAILURE.itemUnavailable,
            {
              productName: unavailable?.name,
              productNameAr: unavailable?.nameAr,
            },
          );
        }
        const short = priced.lines.find((l) => l.quantity > l.stock);
        if (short) {
          throw ApplicationFailure.nonRetryable('Not enough stock', CHECKOUT_FAILURE.outOfStock, {
            productName: short.name,
            productNameAr: short.nameAr,
            available: short.stock,
          });
        }
        const customer = await customers.findOrCreate(order.customerInfo, tx);
        const orderId = await orders.insert(
          {
            checkoutId,
            customerId: customer.id,
            customer: {
              fullName: order.customerInfo.fullName.trim(),
              email: order.customerInfo.email.trim().toLowerCase(),
              phone: order.customerInfo.phone.trim(),
            },
            paymentProvider: 'COD',
            status: 'new',
            subtotalFils: priced.subtotalFils,
            shippingFils: priced.shippingFils,
            discountFils: priced.discountFils,
            taxFils: priced.taxFils,
            totalFils: priced.totalFils,
            emirate: order.shippingInfo.emirate,
            city: order.shippingInfo.city,
            address: order.shippingInfo.address.trim(),
            locale: order.locale ?? 'en',
            requestId,
            items: priced.lines.map(({ stock: _s, isActive: _a, ...line }) => line),
          },
          tx,
        );
        for (const line of priced.lines) await catalogue.decrementStock(tx, line.variationId, line.quantity);
        await customers.convertLead(
          order.customerInfo.email,
          customer.id,
          { orderId, totalFils: priced.totalFils },
          tx,
        );
        const placedAt = new Date().toISOString();
        const event: OrderPlaced = {
          id: randomUUID(),
          type: 'OrderPlaced',
          version: 1,
          occurredAt: placedAt,
          requestId,
          data: {
            orderId,
            customerId: customer.id,
            isNewCustomer: customer.isNew,
            status: 'new',
            paymentProvider: 'COD',
            totalFils: priced.totalFils,
            placedAt,
            items: priced.lines.map((l) => ({
              productId: l.productId,
              variationId: l.variationId,
              quantity: l.quantity,
              unitFils: l.unitFils,
            })),
          },
        };
        await outbox.append(event, tx);
        return {
          orderId,
          customerId: customer.id,
          isNewCustomer: customer.isNew,
          totalFils: priced.totalFils,
        };
      });
      log.info({ orderId: result.orderId, totalFils: result.totalFils }, 'order placed');
      return result;
    } catch (err) {
      // Two attempts raced and the other one committed first: answer with its order.
      if (isUniqueViolation(err)) {
        const existing = await orders.findByCheckoutId(checkoutId);
        if (existing) {
          return {
            orderId: existing.id,
            customerId: existing.customerId,
            isNewCustomer: false,
            totalFils: existing.totalFils,
          };
        }
      }
      throw err;
    } finally {
      if (beat) clearInterval(beat);
    }
  }

  return { placeCodOrder };
}

function activityContext(): Context | null {
  try {
    return Context.current();
  } catch {
    return null;
  }
}

export type Activities = ReturnType<typeof createActivities>;
