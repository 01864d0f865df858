'use client';

import { useRef, useState } from 'react';
import { postJson } from '@/contact/post-json';
import { useTranslations } from '@/i18n/client';

export type NewsletterLinkPageName = 'NewsletterConfirmPage' | 'NewsletterUnsubscribePage';
type Page = NewsletterLinkPageName;

const PATH: Record<Page, string> = {
  NewsletterConfirmPage: '/api/newsletter/confirm',
  NewsletterUnsubscribePage: '/api/newsletter/unsubscribe',
};

/**
 * The one button of a link from our e-mails (docs/crm.md): confirm a newsletter subscription, or
 * unsubscribe. Opening the page changes nothing — mail scanners open links too, and a scanner's
 * visit is nobody's consent — the press does, with the link's signed token. The answer is the
 * gateway's, in the shopper's language.
 */
export function NewsletterLinkAction({ page, token }: { page: Page; token: string }) {
  const t = useTranslations(page);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'failed'; text?: string }>({
    kind: 'idle',
  });
  const busy = useRef(false);

  async function run() {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'busy' });
    const answer = await postJson(PATH[page], { token });
    busy.current = false;
    if (answer.ok) setState({ kind: 'done', text: answer.message });
    else
      setState({ kind: 'failed', text: answer.network ? t('networkError') : (answer.error ?? t('failed')) });
  }

  if (state.kind === 'done') {
    return (
      <div className="mt-6 space-y-4">
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900">
          {state.text}
        </p>
        <a href="/" className="inline-block font-semibold text-coffee-800 underline hover:text-coffee-900">
          {t('toShop')}
        </a>
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-4">
      <button
        type="button"
        onClick={() => void run()}
        disabled={state.kind === 'busy'}
        className="rounded-lg bg-coffee-800 px-5 py-2.5 font-semibold text-white hover:bg-coffee-900 disabled:opacity-60"
      >
        {state.kind === 'busy' ? t('busy') : t('action')}
      </button>
      {state.kind === 'failed' ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {state.text}
        </p>
      ) : null}
    </div>
  );
}
