'use client';

import {
  CONTACT_SUBJECTS,
  type ContactSubject,
  contactFormSchema,
  contactSubjectLabel,
  validateForm,
} from '@qahwa/schema/validation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { prefill, readStoredProfile } from '@/account/profile-store';
import { track } from '@/analytics/events';
import { ContactFields } from '@/checkout/contact-fields';
import { SelectField, TextField } from '@/checkout/fields';
import { useLocale, useTranslations } from '@/i18n/client';
import { postJson } from './post-json';

type Values = {
  fullName: string;
  email: string;
  phone: string;
  subject: ContactSubject | '';
  message: string;
};
type Field = keyof Values;

/**
 * SPEC 2.4 / 3: the contact form (full name, e-mail, optional phone, subject, message) with the
 * shared SPEC 5-style rules of @qahwa/schema in the shopper's language; the gateway checks the
 * same rules again. Name, e-mail and phone start from the device's profile when one is saved.
 */
export function ContactForm() {
  const t = useTranslations('ContactPage');
  const locale = useLocale();
  const [values, setValues] = useState<Values>({
    fullName: '',
    email: '',
    phone: '',
    subject: '',
    message: '',
  });
  // After mount (the server cannot see the device's profile): fill only what is still empty.
  useEffect(() => {
    const p = readStoredProfile();
    setValues((v) => prefill(v, { fullName: p.fullName, email: p.email, phone: p.phone }));
  }, []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({
    kind: 'idle',
  });
  const busy = useRef(false);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    const result = validateForm(contactFormSchema(locale), values);
    if (!result.ok) {
      setErrors(result.errors);
      document.getElementById(`contact-${Object.keys(result.errors)[0]}`)?.focus();
      return;
    }
    busy.current = true;
    setState({ kind: 'sending' });
    const answer = await postJson('/api/contact', { ...result.data, locale });
    busy.current = false;
    if (answer.ok) {
      setState({ kind: 'sent' });
      setValues((v) => ({ ...v, subject: '', message: '' }));
    } else {
      const message = answer.error ?? (answer.network ? t('networkError') : t('failed'));
      setState({ kind: 'failed', message });
      track('error', { message, where: 'contact' });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="contact-form-title">
      <ContactFields
        idPrefix="contact"
        labels={{ fullName: t('fullName'), email: t('email'), phone: t('phone'), phoneHint: t('phoneHint') }}
        values={values}
        errors={errors}
        onChange={set}
      />
      <SelectField
        id="contact-subject"
        label={t('subject')}
        placeholder={t('subjectPlaceholder')}
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      >
        {CONTACT_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {contactSubjectLabel(s, locale)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="contact-message"
        label={t('message')}
        multiline
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      {state.kind === 'failed' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <p
        role="status"
        aria-live="polite"
        className={
          state.kind === 'sent' ? 'rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800' : 'sr-only'
        }
      >
        {state.kind === 'sent' ? t('sent') : ''}
      </p>
      <button
        type="submit"
        disabled={state.kind === 'sending'}
        className="w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300 sm:w-auto"
      >
        {state.kind === 'sending' ? t('sending') : t('send')}
      </button>
    </form>
  );
}
