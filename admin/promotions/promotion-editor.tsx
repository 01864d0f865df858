'use client';

import type { Promotion } from '@qahwa/schema/promotions';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/browser-api';
import { PromotionForm } from './promotion-form';
import { promotionsApi } from './promotions-api';

/** The edit page: the promotion as saved, then the form over it. */
export function PromotionEditor({ id }: { id: string }) {
  const t = useTranslations('Promotions');
  const [promotion, setPromotion] = useState<Promotion | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    promotionsApi
      .one(id)
      .then(setPromotion, (err) =>
        setError(err instanceof ApiError && err.code !== 'NETWORK' ? err.message : t('loadFailed')),
      );
  }, [id, t]);
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!promotion) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('loading')}
      </p>
    );
  }
  return <PromotionForm promotion={promotion} />;
}
