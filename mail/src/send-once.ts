import { createHash } from 'node:crypto';
import { and, createSettingsRepository, type Db, type DbOrTx, eq, sql, tables } from '@qahwa/db';
import { type BudgetClass, budgetClassOf, DEFAULT_MAIL_BUDGET, NAMED_PURPOSES } from './budget';
import { type Mailer, type MailLogger, senderAddress } from './mailer';
import { renderEmail } from './render';
import type { EmailTemplate, MailLocale } from './types';

/**
 * How long a claim ('pending') protects a send that may still be under way. A claim older than
 * this belongs to a process that died mid-send (before the SMTP server accepted the mail, or it
 * would be marked sent), so another attempt may take it over. It is far longer than one SMTP
 * exchange can last (see SMTP_TIMEOUTS_MS), so two live senders never hold the same claim.
 */
export const DEFAULT_CLAIM_LEASE_MS = 120_000;

/** Another attempt holds the claim right now: retry later (a consumer naks, an activity retries). */
export class EmailInFlightError extends Error {
  override readonly name = 'EmailInFlightError';
  readonly code = 'EMAIL_IN_FLIGHT';
  constructor(
    readonly purpose: string,
    readonly subjectId: string,
  ) {
    super(`e-mail ${purpose}/${subjectId} is being sent by another attempt`);
  }
}
export function isEmailInFlightError(e: unknown): e is EmailInFlightError {
  return e instanceof Error && e.name === 'EmailInFlightError';
}

export interface SendOnceDeps {
  db: Db;
  mailer: Mailer;
  logger: MailLogger;
  /** Tests shorten it to take over a claim a "killed" attempt left behind. */
  claimLeaseMs?: number;
}

export interface SendOnceInput {
  purpose: string;
  subjectId: string;
  to: string;
  locale: MailLocale;
  template: EmailTemplate;
  requestId?: string;
  replyTo?: string;
  /**
   * A marketing mail's one-click unsubscribe URL (RFC 8058, marketing-links.ts): sent as
   * List-Unsubscribe (with a mailto to the sender beside it) and List-Unsubscribe-Post.
   */
  listUnsubscribe?: string;
}

export type SendOnceResult = { status: 'sent' | 'already-sent' | 'suppressed' };

/** RFC 2369 and RFC 8058: the one-click URL first, a mailto to the sender for clients without POST. */
export function listUnsubscribeHeaders(url: string, from: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>, <mailto:${senderAddress(from)}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The mails of the last 24 hours that count against `to`'s budget in `cls`. */
function sentToday(to: string, cls: Exclude<BudgetClass, 'exempt'>): ReturnType<typeof sql> {
  const e = tables.emails;
  const named = [...NAMED_PURPOSES.order, ...NAMED_PURPOSES.exempt];
  const ofClass =
    cls === 'order'
      ? sql`${e.purpose} in (${inList(NAMED_PURPOSES.order)})`
      : sql`${e.purpose} not in (${inList(named)})`;
  return sql`(select count(*) from ${e} where lower(${e.recipient}) = lower(${to})
    and ${e.createdAt} > now() - interval '24 hours' and ${e.status} <> 'suppressed' and ${ofClass})`;
}

/**
 * A Message-ID derived from (purpose, subject): if a crash between the SMTP server's "250 OK" and
 * our "sent" mark ever makes us send again, mail clients that dedupe by Message-ID show one mail.
 */
export function stableMessageId(purpose: string, subjectId: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'qahwa.local';
  const hash = createHash('sha256').update(`${purpose}\u0000${subjectId}`).digest('hex').slice(0, 32);
  return `<${purpose}.${hash}@${domain}>`;
}

/**
 * Idempotent send. Renders first (a template bug leaves no claim behind), then claims
 * (purpose, subjectId) in `emails` with one statement: a new row, or a failed row, or a pending
 * row whose lease ran out is taken; anything else is not ours. Sends, then marks the row sent.
 * A second call for a sent pair answers 'already-sent' and sends nothing; a call while another
 * attempt holds the claim throws EmailInFlightError (retryable) instead of sending a duplicate.
 * A failed send marks the row failed and rethrows so the caller's retry sends it.
 */
export async function sendEmailOnce(deps: SendOnceDeps, input: SendOnceInput): Promise<SendOnceResult> {
  const { db, mailer, logger } = deps;
  const lease = deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const e = tables.emails;
  // The store's name as staff set it (Settings → Store), read with each mail (one row by its key):
  // the brand bar, the subject and the sender's display name say what the storefront's header says.
  const store = await createSettingsRepository(db).section('store');
  const rendered = await renderEmail(input.template, input.locale, store.name);
  const log = { purpose: input.purpose, subjectId: input.subjectId, requestId: input.requestId };
  const cls = budgetClassOf(input.purpose);
  const budget = mailer.budget ?? DEFAULT_MAIL_BUDGET;
  // A new row is claimed, or suppressed when the address has had its day's mail of this class.
  // A retry of a row that exists (failed, or a dead claim) is not new mail and is not counted.
  const status =
    cls === 'exempt'
      ? sql`'pending'`
      : sql`case when ${sentToday(input.to, cls)} >= ${cls === 'order' ? budget.ordersPerDay : budget.perDay}
          then 'suppressed' else 'pending' end`;

  const claimOn = (q: DbOrTx) =>
    q
      .insert(e)
      .values({
        purpose: input.purpose,
        subjectId: input.subjectId,
        recipient: input.to,
        locale: input.locale,
        subject: rendered.subject,
        status: status as unknown as 'pending',
        attempts: 1,
        requestId: input.requestId ?? null,
      })
      .onConflictDoUpdate({
        target: [e.purpose, e.subjectId],
        set: {
          status: 'pending',
          attempts: sql`${e.attempts} + 1`,
          recipient: input.to,
          locale: input.locale,
          subject: rendered.subject,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${e.status} = 'failed' or (${e.status} = 'pending' and ${e.updatedAt} < now() - make_interval(secs => ${lease / 1000}))`,
      })
      .returning({ id: e.id, attempts: e.attempts, status: e.status });
  // Mail anyone can trigger is counted exactly: one address's sends queue on a lock for the
  // count and the insert (a statement's count cannot see a concurrent one's row). Order
  // confirmations run at the order rate and count in one statement; simultaneous orders of one
  // address may pass their far higher ceiling by the few running at once.
  const claimed =
    cls === 'shopper'
      ? await db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`mail-budget:${input.to.toLowerCase()}`}, 0))`,
          );
          return claimOn(tx);
        })
      : await claimOn(db);

  const claim = claimed[0];
  if (claim?.status === 'suppressed') {
    logger.warn(log, 'email suppressed: the address had its daily budget of this kind of mail');
    return { status: 'suppressed' };
  }
  if (!claim) {
    const [row] = await db
      .select({ status: e.status })
      .from(e)
      .where(and(eq(e.purpose, input.purpose), eq(e.subjectId, input.subjectId)));
    if (row?.status === 'sent') {
      logger.info(log, 'email already sent');
      return { status: 'already-sent' };
    }
    if (row?.status === 'suppressed') return { status: 'suppressed' };
    throw new EmailInFlightError(input.purpose, input.subjectId);
  }

  try {
    const { messageId } = await mailer.send({
      to: input.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: stableMessageId(input.purpose, input.subjectId, mailer.from),
      fromName: store.name[input.locale],
      replyTo: input.replyTo,
      headers: {
        'X-Qahwa-Purpose': input.purpose,
        ...(input.listUnsubscribe ? listUnsubscribeHeaders(input.listUnsubscribe, mailer.from) : {}),
      },
    });
    await db
      .update(e)
      .set({ status: 'sent', messageId, sentAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(e.id, claim.id));
    logger.info({ ...log, attempts: claim.attempts, messageId }, 'email sent');
    return { status: 'sent' };
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    await db
      .update(e)
      .set({ status: 'failed', lastError: message, updatedAt: sql`now()` })
      .where(and(eq(e.id, claim.id), eq(e.status, 'pending')));
    logger.warn({ ...log, attempts: claim.attempts, err: message }, 'email send failed; the caller retries');
    throw err;
  }
}
