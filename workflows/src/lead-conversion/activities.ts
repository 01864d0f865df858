import { signLeadLink } from '@qahwa/checkout';
import {
  createCatalogueRepository,
  createEngagementRepository,
  createLeadsRepository,
  type Db,
  type LeadLine,
} from '@qahwa/db';
import { type Mailer, sendEmailOnce, signUnsubscribeLink, unsubscribeUrl } from '@qahwa/mail';
import { discountedUnitFils, toAed } from '@qahwa/schema';
import { Context } from '@temporalio/activity';
import type { Logger } from 'pino';

/** What the recovery e-mail needs besides the database: the sender, and how to build the link. */
export interface LeadRecoverySettings {
  mailer: Mailer;
  /** The storefront's public origin; the link is `{storefrontUrl}/cart/restore?token=…`. */
  storefrontUrl: string;
  /** LEAD_LINK_SECRET, shared with the gateway that checks the link (and the unsubscribe link). */
  linkSecret: string;
  /** How long the link works (default 7 days). */
  linkTtlMs: number;
  /** Tests shorten mail's claim lease to take over a send a "killed" worker left behind. */
  claimLeaseMs?: number;
}

export interface LeadActivityDeps {
  db: Db;
  logger: Logger;
  recovery?: LeadRecoverySettings | undefined;
}

export type RecoveryResult =
  | 'sent'
  | 'already-sent'
  | 'converted'
  | 'nothing-to-recover'
  /** The address left the store's marketing mail (an unsubscribe link): no reminder. */
  | 'unsubscribed'
  /** The address had its day's budget of mail (docs/email.md). */
  | 'suppressed';

/** The e-mail's purpose in mail's `emails` table; the subject is the lead id (one e-mail per lead). */
export const RECOVERY_PURPOSE = 'cart-recovery';

/**
 * leadConversion's activities (docs/leads.md). Thin: they read and write through the leads and
 * catalogue repositories and send through mail's sendEmailOnce, which claims (purpose, lead) in
 * `emails` before sending, so a retried activity or a second run never sends the e-mail twice.
 */
export function createLeadActivities({ db, logger, recovery }: LeadActivityDeps) {
  const leads = createLeadsRepository(db);
  const engagement = createEngagementRepository(db);
  const catalogue = createCatalogueRepository(db);

  /** The cart's lines at today's prices and names (a line no longer sold is left out). */
  async function pricedLines(lines: LeadLine[], locale: 'en' | 'ar') {
    const ids = lines.flatMap((l) => (l.variationId ? [l.variationId] : []));
    const rows = await catalogue.variationsForOrder(ids, db);
    const byId = new Map(rows.map((r) => [r.v.id, r]));
    return lines.flatMap((l) => {
      const row = l.variationId ? byId.get(l.variationId) : undefined;
      if (!row?.p.isActive || !row.v.isActive) return [];
      const ar = locale === 'ar';
      const variation = [
        ar ? row.size.displayNameAr : row.size.displayName,
        ar ? row.beans?.nameAr : row.beans?.name,
        ar ? row.type?.nameAr : row.type?.name,
      ]
        .filter(Boolean)
        .join(' · ');
      const image = row.v.imageUrl ?? row.p.imageUrl;
      return [
        {
          name: ar ? row.p.nameAr : row.p.name,
          ...(variation ? { variation } : {}),
          quantity: l.quantity,
          // Today's shelf price, the storefront's one rule (the variation's own discount).
          priceFils: discountedUnitFils(toAed(row.v.priceFils), row.v.discount, row.v.discountType),
          ...(image && /^https?:\/\//.test(image) ? { imageUrl: image } : {}),
        },
      ];
    });
  }

  return {
    /** The one recovery e-mail of a lead: skipped once the lead converted or its cart emptied. */
    async sendLeadRecovery({ leadId }: { leadId: string }): Promise<RecoveryResult> {
      const log = logger.child({ activity: 'sendLeadRecovery', leadId });
      if (!recovery) throw new Error('lead recovery is not configured on this worker (no mailer)');
      const lead = await leads.byId(leadId);
      if (!lead || lead.status === 'CONVERTED') return 'converted';
      // A reminder is marketing: an address that unsubscribed gets none.
      if (await engagement.optedOut(lead.email)) {
        log.info('the address unsubscribed: no reminder');
        return 'unsubscribed';
      }
      const locale = lead.locale === 'ar' ? 'ar' : 'en';
      const items = await pricedLines((lead.cartItems ?? []) as LeadLine[], locale);
      if (items.length === 0) {
        log.info('nothing left to recover');
        return 'nothing-to-recover';
      }
      const token = signLeadLink(
        { leadId, expiresAt: Math.floor((Date.now() + recovery.linkTtlMs) / 1000) },
        recovery.linkSecret,
      );
      const unsubscribe = unsubscribeUrl(
        recovery.storefrontUrl,
        signUnsubscribeLink({ kind: 'lead', id: leadId }, recovery.linkSecret),
      );
      const name = await leads.orderName(lead.email);
      // Heartbeats while the send is under way: a worker that dies here is noticed in seconds.
      const ctx = Context.current();
      ctx.heartbeat();
      const beat = setInterval(() => ctx.heartbeat(), 1_000);
      const { status } = await sendEmailOnce(
        { db, mailer: recovery.mailer, logger: log, claimLeaseMs: recovery.claimLeaseMs },
        {
          purpose: RECOVERY_PURPOSE,
          subjectId: leadId,
          to: lead.email,
          locale,
          template: {
            kind: 'cart-recovery',
            // Only a name an order wrote; the lead's own was typed by whoever filled the checkout.
            ...(name ? { name } : {}),
            items,
            totalFils: items.reduce((sum, i) => sum + i.priceFils * i.quantity, 0),
            restoreUrl: `${recovery.storefrontUrl}/cart/restore?token=${token}`,
            unsubscribeUrl: unsubscribe,
          },
          listUnsubscribe: unsubscribe,
        },
      ).finally(() => clearInterval(beat));
      await leads.markRecoverySent(leadId);
      log.info({ status }, 'cart recovery e-mail');
      return status;
    },

    /** The order arrived: the lead becomes CONVERTED (once; LeadConverted with it). */
    async convertLead(input: { leadId: string; orderId?: string | undefined; valueFils: number }) {
      const converted = await leads.convertById(input.leadId, input.orderId, input.valueFils);
      logger.info({ leadId: input.leadId, orderId: input.orderId, converted }, 'lead converted');
      return converted;
    },
  };
}
export type LeadActivities = ReturnType<typeof createLeadActivities>;
