'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { API_PREFIX } from './redirects';

/** The `error` of the gateway's ErrorBody, read by hand: zod stays out of the browser bundle. */
async function errorText(response: Response): Promise<string | null> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' && body.error ? body.error : null;
}

export function LoginForm({ next }: { next: string }) {
  const t = useTranslations('LoginForm');
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      setError(t('required'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      // Same origin: proxy.ts forwards /backend/api/* to the gateway, which sets the httpOnly
      // session cookie for /backend.
      const response = await fetch(`${API_PREFIX}/auth/login`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'accept-language': locale, 'x-locale': locale },
        body: JSON.stringify({ email, password }),
      });
      if (response.ok) {
        // A full load, so every server component renders for the new session.
        window.location.assign(next);
        return;
      }
      if (response.status === 400 || response.status === 401) {
        // The gateway's text is in the staff member's language (x-locale); ours is the fallback.
        setError((response.status === 401 && (await errorText(response))) || t('invalidCredentials'));
      } else {
        setError((response.status === 429 && (await errorText(response))) || t('failed'));
      }
    } catch {
      setError(t('network'));
    }
    setPending(false);
  }

  const input =
    'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/30 aria-invalid:border-red-500';

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-4"
      aria-describedby={error ? 'login-error' : undefined}
    >
      {error ? (
        <p
          id="login-error"
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor="login-email" className="block text-sm font-medium text-stone-800">
          {t('email')}
        </label>
        {/* Addresses and passwords are Latin text: keep them left-to-right inside Arabic pages. */}
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          required
          aria-invalid={error ? true : undefined}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="login-password" className="block text-sm font-medium text-stone-800">
          {t('password')}
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          required
          aria-invalid={error ? true : undefined}
          className={input}
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="flex w-full justify-center rounded-md bg-coffee-800 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-coffee-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
