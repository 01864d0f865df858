'use client';

import type { AdminContent, AdminSlider, SliderWrite } from '@qahwa/schema/contracts';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';
import { OfferForm } from './offer-form';
import { SlidersSection } from './sliders-section';
import { TextsForm } from './texts-form';

/** The website content screen: the offer banner, the sliders and the storefront's texts. */
export function ContentEditor({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Content');
  const toast = useToast();
  const [content, setContent] = useState<AdminContent | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setContent(await api<AdminContent>('GET', '/admin/content'));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** One write, its toast, and a reload so the screen shows what the storefront now shows. */
  const write = useCallback(
    async (call: () => Promise<unknown>): Promise<string | null> => {
      try {
        await call();
        toast.success(t('saved'));
        await load();
        return null;
      } catch (err) {
        return err instanceof ApiError ? err.issues[0]?.message || err.message : t('saveFailed');
      }
    },
    [load, t, toast],
  );

  if (failed) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          {t('loadFailed')}
        </p>
        <button
          type="button"
          onClick={() => void load()}
          className="rounded-md border border-stone-300 px-3 py-1.5 text-sm"
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!content) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="max-w-4xl space-y-8">
      <OfferForm
        offer={content.offer}
        canEdit={canEdit}
        onSave={(body) => write(() => api('PUT', '/admin/content/offer', body))}
      />
      <SlidersSection
        sliders={content.sliders}
        canEdit={canEdit}
        onCreate={(body: SliderWrite) => write(() => api('POST', '/admin/content/sliders', body))}
        onUpdate={(s: AdminSlider, body: SliderWrite) =>
          write(() => api('PUT', `/admin/content/sliders/${s.id}`, body))
        }
        onRemove={(s: AdminSlider) => write(() => api('DELETE', `/admin/content/sliders/${s.id}`))}
      />
      <TextsForm
        texts={content.texts}
        canEdit={canEdit}
        onSave={(key, body) => write(() => api('PUT', `/admin/content/texts/${key}`, body))}
      />
    </div>
  );
}
