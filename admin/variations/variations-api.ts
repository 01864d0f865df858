'use client';

import type { Variation } from '@qahwa/schema/catalogue';
import type { VariationOption, VariationSize } from '@qahwa/schema/contracts';
import { localize } from '@qahwa/schema/messages';
import type { Locale } from '@qahwa/schema/money';
import type { VariationPayload } from '@qahwa/schema/validation';
import { VALIDATION_MESSAGES, variationAddError, variationUpdateError } from '@qahwa/schema/validation';
import { ApiError, api } from '@/lib/browser-api';

/** SPEC 7's variation calls from the editor, through the back office's /backend/api proxy. */
export const variationsApi = {
  sizes: () => api<VariationSize[]>('GET', '/variations/sizes'),
  types: () => api<VariationOption[]>('GET', '/variations/types'),
  beans: () => api<VariationOption[]>('GET', '/variations/beans'),
  list: (productId: string) =>
    api<Variation[]>('GET', `/variations/products?productId=${encodeURIComponent(productId)}`),
  create: (productId: string, payload: VariationPayload) =>
    api<Variation>('POST', '/variations/products', { productId, ...payload }),
  update: (id: string, version: number, payload: VariationPayload) =>
    api<Variation>('PUT', `/variations/products/${id}`, { ...payload, version }),
  remove: (id: string) => api<{ success: boolean }>('DELETE', `/variations/products/${id}`),
};

/**
 * SPEC 8's wording of a failed add or update. The gateway's stable codes decide first (its Arabic
 * answers carry no English marker); then SPEC 8's markers ('already exists', 'Unique
 * constraint') by the shared rule; then the server's text or the fallback.
 */
export function variationFailure(err: unknown, op: 'add' | 'update', locale: Locale): string {
  const server =
    err instanceof ApiError && err.code !== 'NETWORK' ? err.issues[0]?.message || err.message : null;
  if (err instanceof ApiError) {
    if (op === 'add' && err.code === 'VARIATION_EXISTS')
      return localize(VALIDATION_MESSAGES['variation.addConflict'], locale);
    if (op === 'update' && err.code === 'SKU_IN_USE')
      return localize(VALIDATION_MESSAGES['variation.skuInUse'], locale);
  }
  return op === 'add' ? variationAddError(server, locale) : variationUpdateError(server, locale);
}

export const isStaleEdit = (err: unknown) => err instanceof ApiError && err.code === 'VARIATION_CHANGED';
