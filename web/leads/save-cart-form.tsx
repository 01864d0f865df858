'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { type FormEvent, useId } from 'react';
import { EmailCaptureFields, useEmailCapture } from '@/forms/email-capture';
import { useLocale, useTranslations } from '@/i18n/client';

// The validation and the request: fetched on the field's first focus (the per-route budget).
const loadSaveCart = () => import('./save-cart');

/**
 * "Save my cart" (docs/leads.md): an e-mail for this cart, reported as a lead with the `manual`
 * trigger, so the one recovery e-mail links back to it if the shopper does not order. Says what
 * the address is used for, as the store's other e-mail captures do (forms/email-capture.tsx).
 */
export function SaveCartForm({ items }: { items: readonly CartItem[] }) {
  const t = useTranslations('SaveCart');
  const locale = useLocale() as 'en' | 'ar';
  const id = useId();
  const capture = useEmailCapture<{ email: string }>({
    networkError: t('networkError'),
    failed: t('failed'),
  });
  const { state } = capture;

  function submit(e: FormEvent) {
    e.preventDefault();
    void capture.send(async (email, onSending) =>
      (await loadSaveCart()).saveCart(items, email, locale, onSending),
    );
  }

  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} data-save-cart className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold text-coffee-900">
        {t('title')}
      </h2>
      {state.kind === 'done' ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('saved')}{' '}
          <bdi dir="ltr" className="font-medium">
            {state.email}
          </bdi>
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={titleId} className="mt-1 space-y-3">
          <p className="text-sm text-coffee-700">{t('intro')}</p>
          {/* Stacked at every width: the form sits in the cart page's narrow column on a desktop too. */}
          <EmailCaptureFields
            id={id}
            capture={capture}
            t={t}
            onFocus={() => void loadSaveCart()}
            button={{
              type: 'submit',
              className:
                'shrink-0 rounded-lg border border-coffee-800 px-4 py-2 font-semibold text-coffee-900 hover:bg-coffee-50 disabled:opacity-60',
            }}
          />
        </form>
      )}
    </section>
  );
}
