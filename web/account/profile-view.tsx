'use client';

import { CART_STORAGE_KEY } from '@qahwa/schema/reference/constants';
import { EMIRATES, findEmirate } from '@qahwa/schema/reference/emirates';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { dispatchCartAtom } from '../cart/cart-store';
import { SelectField, TextField } from '../checkout/fields';
import { validateCustomer, validateShipping } from '../checkout/validation';
import { useLocale, useTranslations } from '../i18n/client';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { useAtomValue, useSetAtom } from '../shell/atoms';
import { useHydrated } from '../shell/use-hydrated';
import { dispatchWishlistAtom, WISHLIST_STORAGE_KEY } from '../wishlist/wishlist-store';
import { dispatchProfileAtom, PROFILE_STORAGE_KEY, profileAtom, type SavedAddress } from './profile-store';

const primary =
  'rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300';
const secondary =
  'rounded-lg border border-coffee-300 px-4 py-2.5 font-medium text-coffee-900 hover:bg-coffee-100';
const section = 'rounded-xl bg-white p-4 shadow-sm sm:p-6';

/** Everything this store keeps on the device: what "Clear my data" removes. */
const DEVICE_KEYS = [CART_STORAGE_KEY, WISHLIST_STORAGE_KEY, PROFILE_STORAGE_KEY];

/** SPEC 1, 6: profile and settings without an account. */
export function ProfileView() {
  const t = useTranslations('ProfilePage');
  const hydrated = useHydrated();
  const [status, setStatus] = useState('');
  if (!hydrated) return <p className="text-coffee-700">{t('loading')}</p>;
  return (
    <div className="space-y-6">
      <p
        role="status"
        aria-live="polite"
        className={status ? 'rounded-lg bg-emerald-50 p-3 text-emerald-800' : 'sr-only'}
      >
        {status}
      </p>
      <ContactDetails onSaved={setStatus} />
      <Addresses onSaved={setStatus} />
      <section aria-labelledby="settings-title" className={section}>
        <h2 id="settings-title" className="mb-3 text-lg font-semibold text-coffee-900">
          {t('settings')}
        </h2>
        <div className="flex items-center gap-3">
          <span className="text-sm text-coffee-800">{t('language')}</span>
          <LanguageSwitcher />
        </div>
      </section>
      <ClearData onCleared={setStatus} />
    </div>
  );
}

function ContactDetails({ onSaved }: { onSaved: (message: string) => void }) {
  const t = useTranslations('ProfilePage');
  const tc = useTranslations('CustomerStep');
  const locale = useLocale();
  const profile = useAtomValue(profileAtom);
  const dispatch = useSetAtom(dispatchProfileAtom);
  const [values, setValues] = useState({
    fullName: profile.fullName,
    email: profile.email,
    phone: profile.phone,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  // The stored profile arrives after mount (and after "Clear my data"): follow it.
  useEffect(() => {
    setValues({ fullName: profile.fullName, email: profile.email, phone: profile.phone });
  }, [profile.fullName, profile.email, profile.phone]);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    // The checkout's rules, but every field is optional here: only what is filled must be right.
    const found = validateCustomer(values, locale);
    const shown = Object.fromEntries(
      Object.entries(found).filter(([field]) => values[field as keyof typeof values].trim() !== ''),
    );
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    dispatch({ type: 'saveContact', ...values });
    onSaved(t('contactSaved'));
  }

  return (
    <section aria-labelledby="contact-title" className={section}>
      <h2 id="contact-title" className="text-lg font-semibold text-coffee-900">
        {t('contact')}
      </h2>
      <p className="mb-4 text-sm text-coffee-600">{t('contactIntro')}</p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="profile-fullName"
          label={tc('fullName')}
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
          autoComplete="name"
        />
        <TextField
          id="profile-email"
          label={tc('email')}
          type="email"
          inputMode="email"
          ltr
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
        />
        <TextField
          id="profile-phone"
          label={tc('phone')}
          type="tel"
          inputMode="tel"
          ltr
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
          placeholder="+971 50 123 4567"
        />
        <button type="submit" className={primary}>
          {t('saveContact')}
        </button>
      </form>
    </section>
  );
}

function Addresses({ onSaved }: { onSaved: (message: string) => void }) {
  const t = useTranslations('ProfilePage');
  const ts = useTranslations('ShippingStep');
  const locale = useLocale();
  const profile = useAtomValue(profileAtom);
  const dispatch = useSetAtom(dispatchProfileAtom);
  const blank = { label: '', emirate: '', city: '', address: '' };
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Partial<Record<'emirate' | 'city' | 'address', string>>>({});
  const emirate = findEmirate(draft.emirate);
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
        <SelectField
          id="profile-emirate"
          label={ts('emirate')}
          placeholder={ts('emiratePlaceholder')}
          value={draft.emirate}
          error={errors.emirate}
          onChange={(slug) => {
            setDraft((d) => ({ ...d, emirate: slug, city: '' }));
            setErrors((e) => ({ ...e, emirate: undefined, city: undefined }));
          }}
        >
          {EMIRATES.map((x) => (
            <option key={x.slug} value={x.slug}>
              {locale === 'ar' ? x.ar : x.en}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="profile-city"
          label={ts('city')}
          placeholder={ts('cityPlaceholder')}
          value={draft.city}
          error={errors.city}
          disabled={!emirate}
          hint={emirate ? undefined : ts('cityHint')}
          onChange={(city) => {
            setDraft((d) => ({ ...d, city }));
            setErrors((e) => ({ ...e, city: undefined }));
          }}
        >
          {emirate?.cities.map((c) => (
            <option key={c.slug} value={c.slug}>
              {locale === 'ar' ? c.ar : c.en}
            </option>
          ))}
        </SelectField>
        <TextField
          id="profile-address"
          label={ts('address')}
          multiline
          placeholder={ts('addressPlaceholder')}
          value={draft.address}
          error={errors.address}
          autoComplete="street-address"
          onChange={(address) => {
            setDraft((d) => ({ ...d, address }));
            setErrors((e) => ({ ...e, address: undefined }));
          }}
        />
        <button type="submit" className={secondary}>
          {t('saveAddress')}
        </button>
      </form>
    </section>
  );
}

function ClearData({ onCleared }: { onCleared: (message: string) => void }) {
  const t = useTranslations('ProfilePage');
  const [confirming, setConfirming] = useState(false);
  const clearCart = useSetAtom(dispatchCartAtom);
  const clearWishlist = useSetAtom(dispatchWishlistAtom);
  const clearProfile = useSetAtom(dispatchProfileAtom);
  const warningId = useId();

  function clearAll() {
    clearCart({ type: 'clear' });
    clearWishlist({ type: 'clear' });
    clearProfile({ type: 'clear' });
    try {
      for (const key of DEVICE_KEYS) window.localStorage.removeItem(key);
      window.sessionStorage.removeItem('qahwa-checkout-attempt');
    } catch {
      // Storage disabled: there was nothing stored.
    }
    setConfirming(false);
    onCleared(t('cleared'));
  }

  return (
    <section aria-labelledby="clear-title" className={section}>
      <h2 id="clear-title" className="text-lg font-semibold text-coffee-900">
        {t('clearTitle')}
      </h2>
      <p id={warningId} className="mb-4 text-sm text-coffee-700">
        {t('clearText')}
      </p>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={clearAll}
            aria-describedby={warningId}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800"
          >
            {t('clearConfirm')}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={secondary}>
            {t('clearCancel')}
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className={secondary}>
          {t('clearButton')}
        </button>
      )}
    </section>
  );
}
