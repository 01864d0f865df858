import type { OrderPlaced, OrderStatusChanged, RefundIssued } from '@qahwa/schema';
import { dubaiDay } from './dubai-day';

/**
 * The order-stats projection's arithmetic, without I/O: a batch's events applied one after the
 * other to the order rows the transaction read, and what they add up to for each table
 * (order-stats.ts reads and locks the rows, order-stats-write.ts writes the sums).
 */

/** What the projection keeps of an order: its placing, its status changes and its refunds. */
export type OrderEvent = OrderPlaced | OrderStatusChanged | RefundIssued;

export interface OrderRow {
  status: string;
  placedAt: Date | null;
  payload: Record<string, unknown> | null;
}

/** `(placedAt, orderId)` of a customer's first order. */
export interface FirstOrder {
  placedAt: Date;
  orderId: string;
}

/** A product's units, orders and line revenue on one day. */
interface ProductDay {
  day: string;
  productId: string;
  units: number;
  orders: number;
  revenueFils: number;
}

/** What a batch adds up to: the order rows it changed and the amounts each table moves by. */
export interface OrderStatsChanges {
  /** Orders whose projection_orders row is rewritten from `rows`. */
  changed: Set<string>;
  days: Sum<{ orders: number; revenueFils: number }>;
  statuses: Sum<{ count: number }>;
  sales: Sum<ProductDay>;
  /** Each customer's candidate first orders in this batch. */
  firsts: Map<string, FirstOrder[]>;
}

/** Folds the batch's new events into `rows` (updated in place) and the sums they add up to. */
export function foldOrderEvents(todo: OrderEvent[], rows: Map<string, OrderRow>): OrderStatsChanges {
  const changed = new Set<string>();
  const days = new Sum<{ orders: number; revenueFils: number }>(() => ({ orders: 0, revenueFils: 0 }));
  const statuses = new Sum<{ count: number }>(() => ({ count: 0 }));
  const sales = new Sum<ProductDay>();
  const firsts = new Map<string, FirstOrder[]>();

  for (const event of todo) {
    const { orderId } = event.data;
    const prev = rows.get(orderId) ?? null;
    if (event.type === 'OrderPlaced') {
      const { data } = event;
      if (prev?.placedAt) continue; // this order already counted (announced under another event id)
      const placedAt = new Date(data.placedAt);
      // A row that only a status change wrote (events out of order) keeps its newer status.
      const status = prev ? prev.status : data.status;
      const statusAt = statusAtOf(prev) ?? data.placedAt;
      rows.set(orderId, { status, placedAt, payload: { ...data, statusAt } });
      changed.add(orderId);

      const day = dubaiDay(placedAt);
      const d = days.at(day);
      d.orders += 1;
      d.revenueFils += data.totalFils;
      statuses.at(status).count += 1;
      // Units and line revenue per product on the order's day; the order counts once per product.
      const products = new Set<string>();
      for (const item of data.items) {
        const p = productDay(sales, day, item.productId);
        p.units += item.quantity;
        p.revenueFils += item.quantity * item.unitFils;
        if (!products.has(item.productId)) p.orders += 1;
        products.add(item.productId);
      }
      const list = firsts.get(data.customerId) ?? [];
      list.push({ placedAt, orderId });
      firsts.set(data.customerId, list);
    } else if (event.type === 'RefundIssued') {
      // Money given back comes off the order's day and the refunded products' sales on that day
      // (docs/dashboard.md, "Net of refunds"); the order still counts as placed. Only sums move, so
      // a refund folded before its OrderPlaced (another consumer, docs/dashboard.md) ends the same.
      const { data } = event;
      const day = dubaiDay(data.orderPlacedAt);
      days.at(day).revenueFils -= data.amountFils;
      for (const line of data.lines) {
        const p = productDay(sales, day, line.productId);
        p.units -= line.quantity;
        p.revenueFils -= line.refundFils;
      }
    } else {
      const { data } = event;
      if (data.from === data.to) continue;
      if (!prev) {
        // Before its OrderPlaced: remember the status; the order counts when it is placed.
        rows.set(orderId, { status: data.to, placedAt: null, payload: { statusAt: data.changedAt } });
        changed.add(orderId);
        continue;
      }
      // The current status only moves forward in time: an older change delivered late is ignored.
      const statusAt = statusAtOf(prev);
      if (statusAt && new Date(statusAt).getTime() > new Date(data.changedAt).getTime()) continue;
      rows.set(orderId, {
        ...prev,
        status: data.to,
        payload: { ...(prev.payload ?? {}), statusAt: data.changedAt },
      });
      changed.add(orderId);
      if (!prev.placedAt || prev.status === data.to) continue;
      statuses.at(prev.status).count -= 1;
      statuses.at(data.to).count += 1;
    }
  }
  return { changed, days, statuses, sales, firsts };
}

function productDay(sales: Sum<ProductDay>, day: string, productId: string): ProductDay {
  return sales.at(`${day} ${productId}`, () => ({ day, productId, units: 0, orders: 0, revenueFils: 0 }));
}

function statusAtOf(row: OrderRow | null): string | null {
  const at = row?.payload?.statusAt;
  return typeof at === 'string' ? at : null;
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Amounts added up by key, handed out in key order (the lock order of the rows they write). */
export class Sum<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly zero?: () => T) {}
  at(key: string, zero: (() => T) | undefined = this.zero): T {
    let v = this.map.get(key);
    if (v === undefined) {
      if (!zero) throw new Error(`no starting value for ${key}`);
      v = zero();
      this.map.set(key, v);
    }
    return v;
  }
  get size(): number {
    return this.map.size;
  }
  sorted(): Array<[string, T]> {
    return [...this.map].sort(([a], [b]) => compare(a, b));
  }
}
