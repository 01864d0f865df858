import { sql, type Tx } from '@qahwa/db';

/** INV: tax invoices; RCT: receipts (not VAT-registered); CN: credit notes. */
export type Series = 'INV' | 'RCT' | 'CN';

export interface DocumentNumber {
  number: string;
  year: number;
  /** The document's issue time, read after the number was taken, so later numbers never carry earlier times. */
  issuedAt: Date;
}

/** INV-2026-000001: the series, the year of issue (Dubai), six digits. */
export function formatNumber(series: Series, year: number, value: number): string {
  return `${series}-${year}-${String(value).padStart(6, '0')}`;
}

/**
 * Takes the next number of a series in the caller's transaction. The counter row is created or
 * incremented by one statement and stays locked until that transaction ends: a concurrent issuer
 * waits for it, and a rollback gives the number back, so the numbers that exist are 1..n without a
 * gap. A PostgreSQL SEQUENCE would not do: nextval() is never rolled back, so every failed
 * transaction would leave a hole (docs/invoices.md).
 */
export async function takeNumber(tx: Tx, series: Series): Promise<DocumentNumber> {
  const result = await tx.execute<{ year: number; value: number; issued_at: Date | string }>(sql`
    insert into document_counters (series, year, last_value)
    values (${series}, extract(year from clock_timestamp() at time zone 'Asia/Dubai')::int, 1)
    on conflict (series, year) do update set last_value = document_counters.last_value + 1
    returning year, last_value as value, clock_timestamp() as issued_at`);
  const row = result.rows[0];
  if (!row) throw new Error(`document_counters gave no number for ${series}`);
  const year = Number(row.year);
  return {
    number: formatNumber(series, year, Number(row.value)),
    year,
    issuedAt: new Date(row.issued_at),
  };
}
