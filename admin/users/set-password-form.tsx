'use client';

import { PASSWORD_MIN_LENGTH, passwordProblem } from '@qahwa/schema/staff';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { API_PREFIX } from '@/auth/redirects';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';

type Link =
  | { state: 'checking' }
  | { state: 'missing' }
  | { state: 'refused'; message: string }
  | { state: 'ready'; token: string; name: string; email: string; purpose: 'invite' | 'reset' };

/** The gateway's ErrorBody `error`, read by hand: zod stays out of this page's bundle. */
async function errorOf(
  res: Response,
): Promise<{ error: string | null; issues: { path: string; message: string }[] }> {
  const body = (await res.json().catch(() => null)) as { error?: unknown; issues?: unknown } | null;
  return {
    error: typeof body?.error === 'string' ? body.error : null,
    issues: Array.isArray(body?.issues) ? (body.issues as { path: string; message: string }[]) : [],
  };
}

/**
 * The one-time link's page. The token is in the URL's fragment (#token=…), which browsers never
 * send to a server; this page reads it, asks the gateway whom it is for, and posts it with the
 * new password. On success the gateway has signed the person in: straight to the dashboard.
 */
export function SetPasswordForm() {
  const t = useTranslations('SetPasswordPage');
  const locale = useLocale();
  const [link, setLink] = useState<Link>({ state: 'checking' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const headers = { 'content-type': 'application/json', 'x-locale': locale, 'accept-language': locale };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read the fragment once, on arrival
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (!token) {
      setLink({ state: 'missing' });
      return;
    }
    fetch(`${API_PREFIX}/auth/set-password/check`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token }),
    })
      .then(async (res) => {
        if (res.ok) {
          const info = (await res.json()) as { name: string; email: string; purpose: 'invite' | 'reset' };
          setLink({ state: 'ready', token, ...info });
        } else setLink({ state: 'refused', message: (await errorOf(res)).error ?? t('failed') });
      })
      .catch(() => setLink({ state: 'refused', message: t('failed') }));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link.state !== 'ready') return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const found: typeof errors = {};
    if (passwordProblem(password)) found.password = t('rule');
    if (confirm !== password) found.confirm = t('mismatch');
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await fetch(`${API_PREFIX}/auth/set-password`, {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify({ token: link.token, password }),
      });
      if (res.ok) {
        // The fragment goes with this page: the used token never stays in the history entry we land on.
        window.location.replace('/backend');
        return;
      }
      const body = await errorOf(res);
      if (res.status === 400 && body.issues.length > 0) setErrors({ password: body.issues[0]?.message });
      else setLink({ state: 'refused', message: body.error ?? t('failed') });
    } catch {
      setError(t('failed'));
    }
    setBusy(false);
  }

  if (link.state === 'checking') {
    return (
      <p role="status" className="mt-4 text-sm text-stone-600">
        {t('checking')}
      </p>
    );
  }
  if (link.state !== 'ready') {
    return (
      <div className="mt-4 space-y-4">
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {link.state === 'missing' ? t('noToken') : link.message}
        </p>
        <a href="/backend/login" className={buttonClass.secondary}>
          {t('toSignIn')}
        </a>
      </div>
    );
  }
  const greeting = link.purpose === 'invite' ? 'greetingInvite' : 'greetingReset';
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-stone-700">
        {t.rich(greeting, {
          name: link.name,
          email: link.email,
          // A Latin address inside Arabic text keeps its own left-to-right order, also when a long
          // one wraps: an inline block breaks inside itself, left to right.
          ltr: (chunks) => (
            <bdi dir="ltr" className="inline-block break-all">
              {chunks}
            </bdi>
          ),
        })}
      </p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {/* Lets password managers save the new password under the right account. */}
      <input type="email" name="username" value={link.email} autoComplete="username" readOnly hidden />
      <FormField id="set-password" label={t('password')} hint={t('rule')} error={errors.password} required>
        <input
          name="password"
          type="password"
          dir="ltr"
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          className={inputClass}
        />
      </FormField>
      <FormField id="set-password-confirm" label={t('confirm')} error={errors.confirm} required>
        <input name="confirm" type="password" dir="ltr" autoComplete="new-password" className={inputClass} />
      </FormField>
      <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
        {busy ? t('saving') : t('submit')}
      </button>
    </form>
  );
}
