'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../lib/browser-api';
import { buttonClass } from '../ui/form-field';
import { SectionForm, type SettingsField } from './section-form';

type Tracking = { version: number; value: { gtmId: string | null; metaPixelId: string | null } };

/**
 * The Tracking screen (issue 12, SPEC 1): the storefront's analytics and ad-pixel ids. The
 * storefront's loader and its Content-Security-Policy read them from the gateway
 * (GET /api/settings): an id set loads its provider's script and allows its hosts, an id cleared
 * loads nothing from there.
 */
export function TrackingEditor({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Tracking');
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [failed, setFailed] = useState(false);
  const read = useCallback(() => api<Tracking>('GET', '/admin/tracking'), []);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setTracking(await read());
    } catch {
      setFailed(true);
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return (
      <div
        role="alert"
        className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        <p>{t('loadFailed')}</p>
        <button type="button" className={buttonClass.secondary} onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!tracking) return <p className="text-sm text-stone-600">{t('loading')}</p>;

  const fields: SettingsField[] = [
    { path: 'gtmId', label: t('gtmId'), kind: 'text', nullable: true, hint: t('gtmHint') },
    { path: 'metaPixelId', label: t('metaPixelId'), kind: 'text', nullable: true, hint: t('metaHint') },
  ];
  return (
    <SectionForm
      id="tracking"
      title={t('idsTitle')}
      description={t('idsDescription')}
      endpoint="/admin/tracking"
      fields={fields}
      initial={tracking}
      canEdit={canEdit}
      load={read}
    >
      <section
        aria-labelledby="tracking-loads"
        className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
      >
        <h3 id="tracking-loads" className="font-semibold text-amber-900">
          {t('loadsTitle')}
        </h3>
        <ul className="mt-1 list-disc space-y-1 ps-5 text-amber-900">
          <li>{t('loadsGtm')}</li>
          <li>{t('loadsMeta')}</li>
          <li>{t('loadsNone')}</li>
        </ul>
      </section>
    </SectionForm>
  );
}
