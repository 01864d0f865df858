'use client';

import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser-api';
import type { SettingsField } from './section-form';
import { SettingsSections } from './settings-sections';

type Tracking = { version: number; value: { gtmId: string | null; metaPixelId: string | null } };

const readTracking = () => api<Tracking>('GET', '/admin/tracking');

/**
 * The Tracking screen (SPEC 1): the storefront's analytics and ad-pixel ids. The
 * storefront's loader and its Content-Security-Policy read them from the gateway
 * (GET /api/settings): an id set loads its provider's script and allows its hosts, an id cleared
 * loads nothing from there.
 */
export function TrackingEditor({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Tracking');
  const fields: SettingsField[] = [
    { path: 'gtmId', label: t('gtmId'), kind: 'text', nullable: true, hint: t('gtmHint') },
    { path: 'metaPixelId', label: t('metaPixelId'), kind: 'text', nullable: true, hint: t('metaHint') },
  ];
  return (
    <SettingsSections
      messages="Tracking"
      read={readTracking}
      canEdit={canEdit}
      sections={[
        {
          id: 'tracking',
          title: t('idsTitle'),
          description: t('idsDescription'),
          endpoint: '/admin/tracking',
          fields,
          pick: (tracking) => tracking,
          children: (
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
          ),
        },
      ]}
    />
  );
}
