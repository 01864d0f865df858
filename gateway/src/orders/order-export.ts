import type { OrderAdminRepository } from '@qahwa/db';
import { toAed } from '@qahwa/schema';
import { csvRow } from '@qahwa/schema/export';

/** The rows the orders screen's filter matches, as the export reads them. */
export type OrderExportRow = Awaited<ReturnType<OrderAdminRepository['exportRows']>>[number];

/**
 * The orders CSV (GET /api/admin/orders/export, docs/orders.md): a header, then one row per
 * order from its own snapshot, amounts in AED with two decimals.
 */
export function ordersCsv(rows: readonly OrderExportRow[]): string {
  let csv = csvRow([
    'order',
    'placed_at',
    'status',
    'payment_provider',
    'payment_reference',
    'customer',
    'email',
    'phone',
    'emirate',
    'city',
    'address',
    'items',
    'subtotal_aed',
    'discount_aed',
    'shipping_aed',
    'total_aed',
  ]);
  for (const o of rows) {
    csv += csvRow([
      o.id,
      o.createdAt.toISOString(),
      o.status,
      o.paymentProvider,
      o.paymentReference,
      o.customerName,
      o.customerEmail,
      o.customerPhone,
      o.emirate,
      o.city,
      o.address,
      o.itemCount,
      toAed(o.subtotalFils).toFixed(2),
      toAed(o.discountFils).toFixed(2),
      toAed(o.shippingFils).toFixed(2),
      toAed(o.totalFils).toFixed(2),
    ]);
  }
  return csv;
}
