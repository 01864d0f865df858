import { csvRow } from '@qahwa/schema/export';
import type { Repositories } from '../repositories/plugin';

/** A subscriber as the export reads them (the CRM repository's `eachSubscriber`). */
export type SubscriberExportRow =
  ReturnType<Repositories['crm']['eachSubscriber']> extends AsyncGenerator<infer Row> ? Row : never;

/**
 * The newsletter subscribers CSV (GET /api/admin/subscribers/export, docs/crm.md): a header,
 * then one row per subscriber, read page by page. The status travels with each address: only
 * `confirmed` ones asked for the newsletter.
 */
export async function subscribersCsv(
  subscribers: AsyncIterable<SubscriberExportRow>,
): Promise<{ csv: string; rows: number }> {
  let csv = csvRow([
    'email',
    'locale',
    'source',
    'status',
    'subscribed_at',
    'confirmed_at',
    'unsubscribed_at',
  ]);
  let rows = 0;
  for await (const s of subscribers) {
    csv += csvRow([
      s.email,
      s.locale,
      s.source,
      s.status,
      s.createdAt.toISOString(),
      s.confirmedAt?.toISOString() ?? '',
      s.unsubscribedAt?.toISOString() ?? '',
    ]);
    rows += 1;
  }
  return { csv, rows };
}
