'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { ContactFields } from '@/checkout/contact-fields';
import { validateCustomer } from '@/checkout/validation';
import { useLocale, useTranslations } from '@/i18n/client';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { dispatchProfileAtom, profileAtom } from './profile-store';
import { primary, section } from './profile-styles';

/** SPEC 6: the name, e-mail and phone the checkout fills in, each optional here. */
export function ContactDetails({ onSaved }: { onSaved: (message: string) => void }) {
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
        <ContactFields
          idPrefix="profile"
          labels={{ fullName: tc('fullName'), email: tc('email'), phone: tc('phone') }}
          values={values}
          errors={errors}
          onChange={set}
        />
        <button type="submit" className={primary}>
          {t('saveContact')}
        </button>
      </form>
    </section>
  );
}
