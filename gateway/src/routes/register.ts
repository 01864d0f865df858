import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin';
import { adminCategoryRoutes } from './admin-categories';
import { adminContentRoutes } from './admin-content';
import { adminCustomerRoutes } from './admin-customers';
import { adminPaymentRoutes } from './admin-payments';
import { adminProductRoutes } from './admin-products';
import { adminPromotionRoutes } from './admin-promotions';
import { adminSettingsRoutes } from './admin-settings';
import { adminShippingRoutes } from './admin-shipping';
import { adminUserRoutes } from './admin-users';
import { authRoutes } from './auth';
import { backInStockRoutes } from './back-in-stock';
import { categoryRoutes } from './categories';
import { contentRoutes } from './content';
import { crmRoutes } from './crm';
import { engagementRoutes } from './engagement';
import { healthRoutes } from './health';
import { leadRoutes } from './leads';
import { operationsRoutes } from './operations';
import { orderTrackingRoutes } from './order-tracking';
import { orderRoutes } from './orders';
import { payLaterRoutes } from './pay-later';
import { paymentModeRoutes } from './payment-mode';
import { paymentRoutes } from './payments';
import { productRoutes } from './products';
import { profileRoutes } from './profile';
import { promotionRoutes } from './promotions';
import { recommendationRoutes } from './recommendations';
import { returnRoutes } from './returns';
import { reviewRoutes } from './reviews';
import { shippingRoutes } from './shipping';
import { uploadRoutes } from './uploads';
import { variationRoutes } from './variations';
import { webhookRoutes } from './webhooks';

/**
 * Every route plugin of the gateway, in one list (the app's plugins are registered before them,
 * app.ts). Each plugin names its routes' access (`config.access`) and declares its schemas.
 */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(shippingRoutes);
  await app.register(promotionRoutes);
  await app.register(recommendationRoutes);
  await app.register(contentRoutes);
  await app.register(categoryRoutes);
  await app.register(reviewRoutes);
  await app.register(engagementRoutes);
  await app.register(backInStockRoutes);
  await app.register(leadRoutes);
  await app.register(orderRoutes);
  await app.register(orderTrackingRoutes);
  await app.register(returnRoutes);
  await app.register(paymentRoutes);
  await app.register(payLaterRoutes);
  await app.register(paymentModeRoutes);
  // Encapsulated: its raw-body parser applies to the webhook only.
  await app.register(webhookRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(crmRoutes);
  await app.register(variationRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(adminShippingRoutes);
  await app.register(adminContentRoutes);
  await app.register(operationsRoutes);
  await app.register(adminPaymentRoutes);
  // Encapsulated: its body parser (the file's bytes, counted past the limit) applies to uploads only.
  await app.register(uploadRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminUserRoutes);
  await app.register(profileRoutes);
}
