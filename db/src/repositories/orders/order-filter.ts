import type { AdminOrderFilter } from '@qahwa/schema/contracts';
import { phoneSearchDigits } from '@qahwa/schema/customers';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../schema';

/**
 * The start of a Gulf calendar day (Asia/Dubai is UTC+4 all year, no daylight saving). Days are
 * held to 1900–2999: year 0000 is a valid ISO date but no PostgreSQL timestamp, and no order is
 * older or newer than that, so the filter means the same.
 */
const clampDay = (day: string) =>
  day < '1900-01-01' ? '1900-01-01' : day > '2999-12-31' ? '2999-12-31' : day;
const gulfDayStart = (day: string) => new Date(`${clampDay(day)}T00:00:00+04:00`);
const nextGulfDay = (day: string) => new Date(gulfDayStart(day).getTime() + 86_400_000);

// Qualified by hand: drizzle leaves a one-table select's columns unqualified, and `id` would be the item's.
export const itemCountSql = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

/** LIKE's own wildcards in a shopper's text are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of the orders screen and its CSV export, as SQL over the order's own snapshot. */
export function orderFilterWhere(filter: AdminOrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.provider) where.push(eq(orders.paymentProvider, filter.provider));
  if (filter.from) where.push(gte(orders.createdAt, gulfDayStart(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, nextGulfDay(filter.to)));
  const q = filter.q?.trim();
  if (q) {
    const number = /^(?:qh-?)?(\d{1,12})$/i.exec(q)?.[1];
    // The customers screen's rule: 050…, +971 50… and 00971 50… find each other.
    const digits = phoneSearchDigits(q);
    const alternatives: SQL[] = [];
    if (number) alternatives.push(eq(orders.id, `QH-${number}`));
    if (q.includes('@') || /[a-z]/i.test(q)) {
      alternatives.push(ilike(orders.customerEmail, `%${likeEscape(q)}%`));
    }
    if (digits) {
      // Phones are kept as the shopper typed them (normalised at checkout); match the digits anywhere.
      alternatives.push(
        sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
      );
    }
    if (alternatives.length === 0) alternatives.push(ilike(orders.customerName, `%${likeEscape(q)}%`));
    where.push(or(...alternatives) as SQL);
  }
  return where.length ? and(...where) : undefined;
}
