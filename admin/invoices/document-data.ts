import 'server-only';
import { AdminOrderDocuments } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';

/** The order's invoice or receipt and its credit notes (docs/invoices.md). */
export function documentsOfOrder(orderId: string) {
  return gatewayGet(`/api/admin/orders/${encodeURIComponent(orderId)}/documents`, AdminOrderDocuments);
}

/** The PDF's address as the browser reaches it (through the /api proxy to the gateway). */
export const documentHref = (number: string) => `/backend/api/admin/documents/${encodeURIComponent(number)}`;
