'use client';

import type { Product } from '@qahwa/schema/catalogue';
import type { Promotion } from '@qahwa/schema/promotions';

/** DELETE /api/promotions/{id}'s answer (docs/promotions.md "Removing a promotion"). */
export interface PromotionRemoval {
  id: string;
  outcome: 'deleted' | 'archived';
  uses: number;
}

import type { PromotionPayload } from '@qahwa/schema/validation';
import { api } from '@/lib/browser-api';

/** SPEC 7's promotion calls from the back office (through /backend/api). */
export const promotionsApi = {
  list: () => api<Promotion[]>('GET', '/promotions'),
  one: (id: string) => api<Promotion>('GET', `/promotions/${id}`),
  create: (payload: PromotionPayload) => api<Promotion>('POST', '/promotions', payload),
  update: (id: string, payload: PromotionPayload) => api<Promotion>('PATCH', `/promotions/${id}`, payload),
  /** Deleted when never used, archived (switched off) otherwise: the answer says which. */
  remove: (id: string) => api<PromotionRemoval>('DELETE', `/promotions/${id}`),
  /** SPEC 7 GET /api/products: the product list for the pickers. */
  products: () => api<Product[]>('GET', '/products?limit=100'),
};
