'use client';

import { PASSWORD_MIN_LENGTH, passwordProblem } from '@qahwa/schema/staff';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

/**
 * The current password, then the new one twice. The server checks the current one (a wrong one
 * counts like a failed sign-in) and the shared rule; here only the repeat is compared, and the
 * rule pre-checked so a short password is said at once.
 */
export function PasswordForm() {
  const t = useTranslations('PasswordForm');
  const tForm = useTranslations('Form');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const found: Partial<Record<Field, string>> = {};
    if (!currentPassword) found.currentPassword = tForm('required');
    if (!newPassword) found.newPassword = tForm('required');
    else if (passwordProblem(newPassword)) found.newPassword = t('rule');
    if (newPassword && confirm !== newPassword) found.confirm = t('mismatch');
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api('POST', '/profile/password', { currentPassword, newPassword });
      formElement.reset();
      toast.success(t('changed'));
    } catch (e) {
      if (e instanceof ApiError && e.issues.length > 0) {
        setErrors(
          Object.fromEntries(e.issues.map((i) => [i.path.replace(/^\/body\//, ''), i.message])) as Partial<
            Record<Field, string>
          >,
        );
      } else setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-stone-600">{t('note')}</p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <FormField id="password-current" label={t('current')} error={errors.currentPassword} required>
        <input
          name="currentPassword"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          className={inputClass}
        />
      </FormField>
      <FormField id="password-new" label={t('new')} hint={t('rule')} error={errors.newPassword} required>
        <input
          name="newPassword"
          type="password"
          dir="ltr"
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          className={inputClass}
        />
      </FormField>
      <FormField id="password-confirm" label={t('confirm')} error={errors.confirm} required>
        <input name="confirm" type="password" dir="ltr" autoComplete="new-password" className={inputClass} />
      </FormField>
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t('saving') : t('submit')}
        </button>
      </div>
    </form>
  );
}
