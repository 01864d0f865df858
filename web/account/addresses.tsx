'use client';

import { findEmirate } from '@qahwa/schema/reference';
import { type FormEvent, useState } from 'react';
import { AddressFields } from '@/checkout/address-fields';
import { TextField } from '@/checkout/fields';
import { type ShippingValues, validateShipping } from '@/checkout/validation';
import { useLocale, useTranslations } from '@/i18n/client';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { dispatchProfileAtom, profileAtom, type SavedAddress } from './profile-store';
import { secondary, section } from './profile-styles';

/** SPEC 6: the saved addresses (one the default), and a form to add one. */
export function Addresses({ onSaved }: { onSaved: (message: string) => void }) {
  const t = useTranslations('ProfilePage');
  const locale = useLocale();
  const profile = useAtomValue(profileAtom);
  const dispatch = useSetAtom(dispatchProfileAtom);
  const blank = { label: '', emirate: '', city: '', address: '' };
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Partial<Record<'emirate' | 'city' | 'address', string>>>({});
  const placeName = (a: SavedAddress) => {
    const e = findEmirate(a.emirate);
    const c = e?.cities.find((x) => x.slug === a.city);
    const pick = (x: { en: string; ar: string } | undefined) => (x ? (locale === 'ar' ? x.ar : x.en) : '');
    return [pick(c), pick(e)].filter(Boolean).join(locale === 'ar' ? '، ' : ', ');
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateShipping(draft, locale);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`profile-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    dispatch({
      type: 'addAddress',
      address: {
        id: crypto.randomUUID(),
        ...draft,
        label: draft.label.trim(),
        address: draft.address.trim(),
      },
    });
    setDraft(blank);
    onSaved(t('addressSaved'));
  }

  return (
    <section aria-labelledby="addresses-title" className={section}>
      <h2 id="addresses-title" className="text-lg font-semibold text-coffee-900">
        {t('addresses')}
      </h2>
      <p className="mb-4 text-sm text-coffee-600">{t('addressesIntro')}</p>
      {profile.addresses.length === 0 ? (
        <p className="mb-4 text-sm text-coffee-700">{t('noAddresses')}</p>
      ) : (
        <ul aria-label={t('addresses')} className="mb-6 space-y-2">
          {profile.addresses.map((a) => {
            const isDefault = a.id === profile.defaultAddressId;
            const title = a.label || placeName(a);
            return (
              <li key={a.id} className="rounded-lg border border-coffee-200 p-3">
                <p className="font-medium text-coffee-900">
                  {title}
                  {isDefault && (
                    <span className="ms-2 rounded-full bg-coffee-100 px-2 py-0.5 text-xs text-coffee-800">
                      {t('default')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-coffee-700">{placeName(a)}</p>
                <p className="text-sm text-coffee-700">{a.address}</p>
                <div className="mt-2 flex gap-4 text-sm">
                  {!isDefault && (
                    <button
                      type="button"
                      className="text-coffee-800 underline"
                      aria-label={t('makeDefaultFor', { name: title })}
                      onClick={() => dispatch({ type: 'makeDefault', id: a.id })}
                    >
                      {t('makeDefault')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-red-700 underline"
                    aria-label={t('removeAddressFor', { name: title })}
                    onClick={() => dispatch({ type: 'removeAddress', id: a.id })}
                  >
                    {t('removeAddress')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <h3 className="mb-3 font-semibold text-coffee-900">{t('addAddress')}</h3>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="profile-label"
          label={t('addressLabel')}
          hint={t('addressLabelHint')}
          value={draft.label}
          onChange={(label) => setDraft((d) => ({ ...d, label }))}
          error={undefined}
        />
        <AddressFields
          idPrefix="profile"
          values={draft}
          errors={errors}
          onChange={(patch) => {
            setDraft((d) => ({ ...d, ...patch }));
            setErrors((e) => {
              const next = { ...e };
              for (const field of Object.keys(patch) as (keyof ShippingValues)[]) next[field] = undefined;
              return next;
            });
          }}
        />
        <button type="submit" className={secondary}>
          {t('saveAddress')}
        </button>
      </form>
    </section>
  );
}
