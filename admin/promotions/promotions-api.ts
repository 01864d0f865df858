'use client';

import type { Product } from '@qahwa/schema/catalogue';
import type { Promotion } from '@qahwa/schema/promotions';
import type { PromotionPayload } from '@qahwa/schema/validation';
import { api } from '@/lib/browser-api';

/** SPEC 7's promotion calls from the back office (through /backend/api). */
export const promotionsApi = {
  list: () => api<Promotion[]>('GET', '/promotions'),
  one: (id: string) => api<Promotion>('GET', `/promotions/${id}`),
  create: (payload: PromotionPayload) => api<Promotion>('POST', '/promotions', payload),
  update: (id: string, payload: PromotionPayload) => api<Promotion>('PATCH', `/promotions/${id}`, payload),
  /** SPEC 7 GET /api/products: the product list for the pickers. */
  products: () => api<Product[]>('GET', '/products?limit=100'),
};
