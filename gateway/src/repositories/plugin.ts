import {
  createAuditSearchRepository,
  createCatalogueRepository,
  createCategoriesRepository,
  createCheckoutsRepository,
  createContentEditingRepository,
  createContentRepository,
  createCrmRepository,
  createCustomerAdminRepository,
  createDashboardRepository,
  createDeadLettersRepository,
  createEngagementRepository,
  createIdempotencyRepository,
  createLeadsRepository,
  createMarketingRepository,
  createOrderAdminRepository,
  createOrdersRepository,
  createOrderTrackingRepository,
  createOutboxRepository,
  createPayLaterSessionsRepository,
  createPaymentsAdminRepository,
  createProductEditingRepository,
  createPromotionEditingRepository,
  createPromotionsRepository,
  createReviewsRepository,
  createSettingsRepository,
  createShippingEditingRepository,
  createShippingRepository,
  createStaffAdminRepository,
  createStaffRepository,
  createUploadsRepository,
  createVariationsRepository,
  type Db,
} from '@qahwa/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every repository the gateway reads and writes through, each bound to the app's pool. They hold
 * no state of their own, so one of each serves every route; a write that must share a
 * transaction passes its `tx` to the method, as before.
 */
export function createRepositories(db: Db) {
  return {
    auditSearch: createAuditSearchRepository(db),
    catalogue: createCatalogueRepository(db),
    categories: createCategoriesRepository(db),
    checkouts: createCheckoutsRepository(db),
    content: createContentRepository(db),
    contentEditing: createContentEditingRepository(db),
    crm: createCrmRepository(db),
    customerAdmin: createCustomerAdminRepository(db),
    dashboard: createDashboardRepository(db),
    deadLetters: createDeadLettersRepository(db),
    engagement: createEngagementRepository(db),
    idempotency: createIdempotencyRepository(db),
    leads: createLeadsRepository(db),
    marketing: createMarketingRepository(db),
    orderAdmin: createOrderAdminRepository(db),
    orders: createOrdersRepository(db),
    orderTracking: createOrderTrackingRepository(db),
    outbox: createOutboxRepository(db),
    payLaterSessions: createPayLaterSessionsRepository(db),
    paymentsAdmin: createPaymentsAdminRepository(db),
    productEditing: createProductEditingRepository(db),
    promotionEditing: createPromotionEditingRepository(db),
    promotions: createPromotionsRepository(db),
    reviews: createReviewsRepository(db),
    settings: createSettingsRepository(db),
    shipping: createShippingRepository(db),
    shippingEditing: createShippingEditingRepository(db),
    staff: createStaffRepository(db),
    staffAdmin: createStaffAdminRepository(db),
    uploads: createUploadsRepository(db),
    variations: createVariationsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's repositories (repositories/plugin.ts), made once from `deps.db`; routes read them here. */
    repos: Repositories;
    /**
     * The same repositories over `deps.readDb` (a hot standby when DATABASE_READ_URL names one):
     * only for the reads that may lag the primary a moment, listed in docs/deploy.md (the back
     * office's lists and the dashboard). A read after the caller's own write never uses these.
     */
    laggingRepos: Repositories;
  }
}

/**
 * `app.repos`, decorated on the root (fastify-plugin: not encapsulated), so every route plugin
 * registered after it reads the same repositories instead of making its own.
 */
export const repositoriesPlugin = fp(
  async (app: FastifyInstance) => {
    const repos = createRepositories(app.deps.db);
    app.decorate('repos', repos);
    const { readDb } = app.deps;
    app.decorate('laggingRepos', readDb && readDb !== app.deps.db ? createRepositories(readDb) : repos);
  },
  { name: 'repositories' },
);
