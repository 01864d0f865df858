import { randomUUID } from 'node:crypto';
import {
  type AdminReview,
  type AdminReviewList,
  type CatalogueChanged,
  makeEvent,
  type ProductReviews,
  type Review,
  type ReviewStatus,
  type ReviewSubmitted,
} from '@qahwa/schema';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { auditLog, products, reviews } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';
import { createOutboxRepository } from '../operations/outbox';

type Row = typeof reviews.$inferSelect;

export interface NewReview {
  productId: string;
  authorName: string;
  email?: string | undefined;
  rating: number;
  title?: string | undefined;
  body: string;
  locale: 'en' | 'ar';
}

function toReview(r: Row): Review {
  return {
    id: r.id,
    productId: r.productId,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    locale: r.locale === 'ar' ? 'ar' : 'en',
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Why a staff write to a review was refused; the route turns it into a 404 or a 409 staff can read. */
export class ReviewModerationError extends Error {
  override readonly name = 'ReviewModerationError';
  constructor(
    readonly code: 'not-found' | 'stale' | 'already',
    readonly reviewId: string,
    /** The review as it is now, and who last moderated it (from the audit log), when known. */
    readonly current?: { status: ReviewStatus; by: string | null },
  ) {
    super(`review ${reviewId}: ${code}`);
  }
}
export const isReviewModerationError = (e: unknown): e is ReviewModerationError =>
  e instanceof ReviewModerationError;

/** The version token: updated_at in microseconds, exact (PostgreSQL keeps microseconds). */
const versionSql = sql<string>`(extract(epoch from ${reviews.updatedAt}) * 1000000)::bigint::text`;

const staffColumns = {
  r: reviews,
  productName: products.name,
  productNameAr: products.nameAr,
  productSlug: products.slug,
  version: versionSql,
};

function toAdminReview(x: {
  r: Row;
  productName: string;
  productNameAr: string;
  productSlug: string;
  version: string;
}): AdminReview {
  return {
    ...toReview(x.r),
    status: x.r.status,
    email: x.r.email,
    productName: x.productName,
    productNameAr: x.productNameAr,
    productSlug: x.productSlug,
    moderatedAt: x.r.moderatedAt?.toISOString() ?? null,
    version: x.version,
  };
}

async function readForStaff(tx: DbOrTx, id: string): Promise<AdminReview> {
  const [row] = await tx
    .select(staffColumns)
    .from(reviews)
    .innerJoin(products, eq(reviews.productId, products.id))
    .where(eq(reviews.id, id));
  if (!row) throw new ReviewModerationError('not-found', id);
  return toAdminReview(row);
}

/** The last member of staff who moderated or answered the review, for "already approved by …". */
async function refusal(tx: DbOrTx, code: 'stale' | 'already', row: Row): Promise<ReviewModerationError> {
  const [last] = await tx
    .select({ email: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, row.id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return new ReviewModerationError(code, row.id, { status: row.status, by: last?.email ?? null });
}

/** Locks the review for a staff write and checks the version the staff member saw, when given. */
async function lockForStaff(tx: DbOrTx, id: string, expectedVersion: string | undefined): Promise<Row> {
  const [locked] = await tx
    .select({ r: reviews, version: versionSql })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update');
  if (!locked) throw new ReviewModerationError('not-found', id);
  if (expectedVersion !== undefined && locked.version !== expectedVersion) {
    throw await refusal(tx, 'stale', locked.r);
  }
  return locked.r;
}

/** Shoppers' reviews: stored PENDING, published once staff approve them. */
export function createReviewsRepository(db: Db) {
  const outbox = createOutboxRepository(db);

  return {
    /** Approved reviews of a product, newest first, with the average and count of all approved ones. */
    async approvedFor(productId: string, limit = 20): Promise<ProductReviews> {
      const approved = and(eq(reviews.productId, productId), eq(reviews.status, 'APPROVED'));
      const [rows, [figures]] = await Promise.all([
        db.select().from(reviews).where(approved).orderBy(desc(reviews.createdAt)).limit(limit),
        db
          .select({ average: sql<string | null>`avg(${reviews.rating})`, count: sql<number>`count(*)::int` })
          .from(reviews)
          .where(approved),
      ]);
      const count = figures?.count ?? 0;
      return {
        reviews: rows.map(toReview),
        average: count > 0 ? Math.round(Number(figures?.average) * 10) / 10 : null,
        count,
      };
    },

    /** Stores the review PENDING and appends ReviewSubmitted in the same transaction. */
    async submit(review: NewReview, requestId?: string): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviews)
          .values({
            productId: review.productId,
            authorName: review.authorName,
            email: review.email ?? null,
            rating: review.rating,
            title: review.title ?? '',
            body: review.body,
            locale: review.locale,
          })
          .returning({ id: reviews.id });
        if (!row) throw new Error('review insert returned no row');
        const event: ReviewSubmitted = makeEvent(
          'ReviewSubmitted',
          {
            reviewId: row.id,
            productId: review.productId,
            rating: review.rating,
            ...(review.email ? { email: review.email } : {}),
          },
          { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
        );
        await outbox.append(event, tx);
        return row;
      });
    },

    /**
     * The moderation queue (docs/customers-reviews.md): PENDING first, then newest first, filtered by status,
     * product and rating; with the count per status under the same product and rating filter.
     */
    async listForStaff(q: {
      status?: ReviewStatus | undefined;
      productId?: string | undefined;
      rating?: number | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
    }): Promise<AdminReviewList> {
      const scope: SQL[] = [];
      if (q.productId) scope.push(eq(reviews.productId, q.productId));
      if (q.rating) scope.push(eq(reviews.rating, q.rating));
      const where = and(...scope, ...(q.status ? [eq(reviews.status, q.status)] : []));
      const [rows, [count], perStatus] = await Promise.all([
        db
          .select({ ...staffColumns })
          .from(reviews)
          .innerJoin(products, eq(reviews.productId, products.id))
          .where(where)
          .orderBy(sql`(${reviews.status} = 'PENDING') desc`, desc(reviews.createdAt), desc(reviews.id))
          .limit(q.limit ?? 50)
          .offset(q.offset ?? 0),
        db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
        db
          .select({ status: reviews.status, n: sql<number>`count(*)::int` })
          .from(reviews)
          .where(scope.length ? and(...scope) : undefined)
          .groupBy(reviews.status),
      ]);
      const counts = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
      for (const r of perStatus) counts[r.status] = r.n;
      return { reviews: rows.map(toAdminReview), total: count?.n ?? 0, counts };
    },

    /**
     * Approves or rejects a review. A change of what is published (approving, or rejecting an
     * approved one) appends CatalogueChanged {reason: 'review'} in the same transaction, so the
     * product's average in the in-memory catalogue and the storefront's pages follow.
     * Two staff at once: the row lock orders them; the second is refused (ReviewModerationError
     * 'stale' when it sent the version it saw, 'already' when the review has that status already).
     */
    async moderate(
      id: string,
      status: 'APPROVED' | 'REJECTED',
      requestId?: string,
      actor?: AuditActor,
      expectedVersion?: string,
    ): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const before = await lockForStaff(tx, id, expectedVersion);
        if (before.status === status) throw await refusal(tx, 'already', before);
        await tx
          .update(reviews)
          // clock_timestamp: the version is this column, and it must differ from the one read above.
          .set({ status, moderatedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
          .where(eq(reviews.id, id));
        const row = await readForStaff(tx, id);
        if (status === 'APPROVED' || before.status === 'APPROVED') {
          const event: CatalogueChanged = makeEvent(
            'CatalogueChanged',
            { reason: 'review', productIds: [row.productId] },
            { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
          );
          await outbox.append(event, tx);
        }
        // The audit keeps what moderation changes (the status), not the shopper's words or e-mail.
        if (actor) {
          await recordAudit(tx, {
            user: actor,
            module: 'reviews',
            action: status === 'APPROVED' ? 'approve' : 'reject',
            entityType: 'review',
            entityId: id,
            before: { status: before.status, moderatedAt: before.moderatedAt },
            after: { status: row.status, moderatedAt: row.moderatedAt },
            ...(requestId ? { requestId } : {}),
          });
        }
        return row;
      });
    },

    /**
     * The roastery's answer under a review (empty text removes it). Shown on the product page once
     * the review is approved; the reviews there are read fresh, so no catalogue event is needed.
     */
    async reply(
      id: string,
      text: string,
      actor: AuditActor,
      requestId?: string,
      expectedVersion?: string,
    ): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const before = await lockForStaff(tx, id, expectedVersion);
        const reply = text.trim() === '' ? null : text.trim();
        await tx.update(reviews).set({ reply, updatedAt: sql`clock_timestamp()` }).where(eq(reviews.id, id));
        const row = await readForStaff(tx, id);
        await recordAudit(tx, {
          user: actor,
          module: 'reviews',
          action: 'reply',
          entityType: 'review',
          entityId: id,
          before: { reply: before.reply },
          after: { reply },
          ...(requestId ? { requestId } : {}),
        });
        return row;
      });
    },
  };
}
