import { randomUUID } from 'node:crypto';
import {
  type AdminReview,
  type CatalogueChanged,
  makeEvent,
  type ProductReviews,
  type Review,
  type ReviewStatus,
  type ReviewSubmitted,
} from '@qahwa/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { products, reviews } from '../schema';
import { type AuditActor, recordAudit } from './audit';
import { createOutboxRepository } from './outbox';

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

    async listForStaff(q: {
      status?: ReviewStatus | undefined;
      limit?: number | undefined;
    }): Promise<AdminReview[]> {
      const rows = await db
        .select({ r: reviews, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(reviews.productId, products.id))
        .where(q.status ? eq(reviews.status, q.status) : undefined)
        .orderBy(desc(reviews.createdAt))
        .limit(q.limit ?? 50);
      return rows.map(({ r, productName }) => ({
        ...toReview(r),
        status: r.status,
        email: r.email,
        productName,
        moderatedAt: r.moderatedAt?.toISOString() ?? null,
      }));
    },

    /**
     * Approves or rejects a review. A change of what is published (approving, or rejecting an
     * approved one) appends CatalogueChanged {reason: 'review'} in the same transaction, so the
     * product's average in the in-memory catalogue and the storefront's pages follow.
     * Null when there is no such review.
     */
    async moderate(
      id: string,
      status: 'APPROVED' | 'REJECTED',
      requestId?: string,
      actor?: AuditActor,
    ): Promise<AdminReview | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
        if (!before) return null;
        const [row] = await tx
          .update(reviews)
          .set({ status, moderatedAt: new Date() })
          .where(eq(reviews.id, id))
          .returning();
        if (!row) return null;
        if (before.status !== status && (status === 'APPROVED' || before.status === 'APPROVED')) {
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
            requestId,
          });
        }
        const [product] = await tx
          .select({ name: products.name })
          .from(products)
          .where(eq(products.id, row.productId));
        return {
          ...toReview(row),
          status: row.status,
          email: row.email,
          productName: product?.name ?? '',
          moderatedAt: row.moderatedAt?.toISOString() ?? null,
        };
      });
    },
  };
}
