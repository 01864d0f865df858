/**
 * The fault run's checks after its load (scripts/cluster-faults.sh): waiting, bounded, for the
 * pipeline to drain, then every accepted request has exactly one order, no key has two, every
 * paid intent one order, and every order one confirmation e-mail — one `emails` row sent and one
 * message in MailDev's inbox (an e-mail handed to SMTP twice shows only there).
 */

import type { JetStreamManager } from '@nats-io/jetstream';
import { type DbHandle, sql } from '@qahwa/db';
import { CLUSTER, until } from './fault-probes';

export interface RunOrders {
  /** Every order whose shopper belongs to this run (`bench+<run>-…@example.ae`). */
  orders: Array<{ id: string; email: string; intent: string | null }>;
  /** Confirmation rows per order id: how many, and how many sent. */
  mails: Map<string, { rows: number; sent: number }>;
}

export async function runOrders(handle: DbHandle, run: string): Promise<RunOrders> {
  const pattern = `bench+${run}-%`;
  const [orders, mails] = await Promise.all([
    handle.db.execute<{ id: string; email: string; intent: string | null }>(
      sql`select id::text, customer_email as email, payment_intent_id as intent from orders
          where customer_email like ${pattern}`,
    ),
    handle.db.execute<{ id: string; rows: number; sent: number }>(
      sql`select e.subject_id as id, count(*)::int as rows, count(*) filter (where e.status = 'sent')::int as sent
          from emails e join orders o on e.subject_id = o.id::text
          where e.purpose = 'order-confirmation' and o.customer_email like ${pattern} group by 1`,
    ),
  ]);
  return {
    orders: orders.rows,
    mails: new Map(mails.rows.map((m) => [m.id, { rows: m.rows, sent: m.sent }])),
  };
}

/** The durable consumers the workers pull from (a pull waiting on them), by stream. */
export async function pulledConsumers(jsm: JetStreamManager): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for await (const s of jsm.streams.list())
    for await (const c of jsm.consumers.list(s.config.name))
      if (c.num_waiting > 0) out.push([s.config.name, c.name]);
  return out;
}

export interface Expected {
  run: string;
  /** E-mails of the cash-on-delivery shoppers answered 2xx. */
  acceptedEmails: string[];
  /** Paid intents (confirmed at the Stripe double). */
  intents: string[];
  consumers: Array<[string, string]>;
}

/**
 * Waits until nothing is left in flight: the outbox published, the consumers caught up, every
 * accepted key and paid intent ordered, every order's confirmation sent. The milliseconds it
 * took, or null when `boundMs` passed first (the checks then say what is missing).
 */
export async function drain(handle: DbHandle, jsm: JetStreamManager, e: Expected, boundMs: number) {
  return until(
    async () => {
      const { rows } = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where published_at is null`,
      );
      if ((rows[0]?.n ?? 1) > 0) return false;
      for (const [stream, consumer] of e.consumers) {
        const info = await jsm.consumers.info(stream, consumer);
        if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
      }
      const r = await runOrders(handle, e.run);
      const emails = new Set(r.orders.map((o) => o.email));
      const paid = new Set(r.orders.map((o) => o.intent));
      return (
        e.acceptedEmails.every((m) => emails.has(m)) &&
        e.intents.every((i) => paid.has(i)) &&
        r.orders.every((o) => (r.mails.get(o.id)?.sent ?? 0) >= 1)
      );
    },
    boundMs,
    1_000,
  );
}

/** MailDev's messages per recipient address (lower case): their Message-IDs, one per message. */
async function inbox(): Promise<Map<string, string[]>> {
  const mails = (await (await fetch(`${CLUSTER.maildev}/email`)).json()) as Array<{
    to?: Array<{ address: string }>;
    messageId?: string;
  }>;
  const ids = new Map<string, string[]>();
  for (const m of mails)
    for (const t of m.to ?? []) {
      const to = t.address.toLowerCase();
      ids.set(to, [...(ids.get(to) ?? []), m.messageId ?? '']);
    }
  return ids;
}

/** Empties MailDev's inbox, so the run counts its own messages. */
export async function clearInbox(): Promise<void> {
  await (await fetch(`${CLUSTER.maildev}/email/all`, { method: 'DELETE' })).arrayBuffer();
}

export interface CheckResult {
  what: string;
  ok: boolean;
  detail: string;
}

/** The checks, each with what it found. `acceptedOrderIds`: e-mail → the order id the 200 named. */
export async function checkRun(
  handle: DbHandle,
  e: Expected,
  acceptedOrderIds: Map<string, string>,
): Promise<CheckResult[]> {
  const r = await runOrders(handle, e.run);
  const byEmail = new Map<string, string[]>();
  for (const o of r.orders) byEmail.set(o.email, [...(byEmail.get(o.email) ?? []), o.id]);
  const byIntent = new Map<string, number>();
  for (const o of r.orders) if (o.intent) byIntent.set(o.intent, (byIntent.get(o.intent) ?? 0) + 1);
  const sample = (xs: string[]) => (xs.length ? `: ${xs.slice(0, 5).join(', ')}` : '');

  const notOne = e.acceptedEmails.filter((m) => (byEmail.get(m)?.length ?? 0) !== 1);
  const otherOrder = e.acceptedEmails.filter((m) => {
    const id = acceptedOrderIds.get(m);
    return id && byEmail.get(m)?.length === 1 && byEmail.get(m)![0] !== id;
  });
  const twice = [...byEmail].filter(([, ids]) => ids.length > 1).map(([m]) => m);
  const intentsNotOne = e.intents.filter((i) => byIntent.get(i) !== 1);
  const mailRows = r.orders.filter((o) => r.mails.get(o.id)?.sent !== 1 || r.mails.get(o.id)?.rows !== 1);
  // A worker killed after SMTP took the mail and before it was marked sent sends it again after
  // the claim's lease, with the same Message-ID, which a mailbox shows once (docs/email.md "One
  // mail, whatever is retried"): one Message-ID per order is one mail; the re-sends are counted.
  const messages = await inbox();
  const got = (o: { email: string }) => messages.get(o.email.toLowerCase()) ?? [];
  const mailed = r.orders.filter((o) => got(o).length === 0 || new Set(got(o)).size !== 1);
  const resent = r.orders.filter((o) => got(o).length > 1);

  return [
    {
      what: 'every COD request answered 2xx has exactly one order',
      ok: notOne.length === 0,
      detail: `${e.acceptedEmails.length - notOne.length} of ${e.acceptedEmails.length}${sample(notOne)}`,
    },
    {
      what: "each 200's order id is the order its key made",
      ok: otherOrder.length === 0,
      detail: `${otherOrder.length} differ${sample(otherOrder)}`,
    },
    {
      what: 'no key (shopper) has two orders',
      ok: twice.length === 0,
      detail: `${twice.length} with more than one, of ${byEmail.size}${sample(twice)}`,
    },
    {
      what: 'every paid card intent has exactly one order',
      ok: intentsNotOne.length === 0,
      detail: `${e.intents.length - intentsNotOne.length} of ${e.intents.length}${sample(intentsNotOne)}`,
    },
    {
      what: "every order's confirmation: one emails row, sent",
      ok: mailRows.length === 0,
      detail: `${r.orders.length - mailRows.length} of ${r.orders.length}${sample(mailRows.map((o) => o.id))}`,
    },
    {
      what: "every order's confirmation reached MailDev as one mail (one Message-ID)",
      ok: mailed.length === 0,
      detail:
        `${r.orders.length - mailed.length} of ${r.orders.length}${sample(
          mailed.map((o) => `${o.email} ×${got(o).length}, ${new Set(got(o)).size} Message-IDs`),
        )}; ` +
        `${resent.length} handed to SMTP again after a kill, same Message-ID${sample(
          resent.map((o) => `${o.email} ×${got(o).length}`),
        )}`,
    },
  ];
}
