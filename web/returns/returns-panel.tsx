'use client';

import type { ReturnView, ShopperReturns } from '@qahwa/schema/returns';
import { useCallback, useEffect, useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';
import { returnDate } from './return-date';
import { offeredLines } from './return-draft';
import { ReturnList } from './return-list';
import { ReturnRequestForm } from './return-request-form';
import { loadShopperReturns } from './returns-api';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: ShopperReturns };

/**
 * The order tracking page's returns (docs/returns.md): the shopper's returns of this order with their
 * status and the store's message, and the request form while the 30 days run and something is left
 * to return. It reads the order's returns itself under the tracking token, so the tracking view only
 * places it. `initial` skips the first read when the page already has them.
 */
export function ReturnsPanel({ token, initial }: { token: string; initial?: ShopperReturns }) {
  const t = useTranslations('ReturnRequest');
  const [state, setState] = useState<State>(initial ? { kind: 'ready', data: initial } : { kind: 'loading' });
  const [sent, setSent] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const answer = await loadShopperReturns(token, signal);
      if (signal?.aborted) return;
      setState(answer.ok ? { kind: 'ready', data: answer.data } : { kind: 'failed' });
    },
    [token],
  );

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [initial, load]);

  function requested(view: ReturnView) {
    setSent(t('sent', { number: view.number }));
    // The new return first at once; then the gateway's word on what is left to return.
    setState((s) =>
      s.kind === 'ready' ? { kind: 'ready', data: { ...s.data, returns: [view, ...s.data.returns] } } : s,
    );
    void load();
  }

  return (
    <section aria-labelledby="returns-title" className="space-y-4">
      <h2 id="returns-title" className="text-lg font-semibold text-coffee-900">
        {t('title')}
      </h2>
      <p
        role="status"
        aria-live="polite"
        className={sent ? 'rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800' : 'sr-only'}
      >
        {sent ?? ''}
      </p>
      {state.kind === 'loading' ? (
        <p role="status" className="text-sm text-coffee-700">
          {t('loading')}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{t('loadFailed')}</p>
          <button
            type="button"
            onClick={() => {
              setState({ kind: 'loading' });
              void load();
            }}
            className="mt-2 font-medium underline"
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <ReturnList returns={state.data.returns} />
          <Offer data={state.data} token={token} onRequested={requested} onRefused={() => void load()} />
        </>
      ) : null}
    </section>
  );
}

/** The form while a return can be asked for; otherwise the one sentence that says why not. */
function Offer({
  data,
  token,
  onRequested,
  onRefused,
}: {
  data: ShopperReturns;
  token: string;
  onRequested: (view: ReturnView) => void;
  onRefused: () => void;
}) {
  const t = useTranslations('ReturnRequest');
  const locale = useLocale();
  const deadline = data.deadline ? returnDate(data.deadline, locale) : null;
  if (data.canRequest && offeredLines(data.lines).length > 0) {
    return (
      <div className="rounded-lg border border-coffee-200 bg-white p-4">
        {deadline ? <p className="mb-4 text-sm text-coffee-700">{t('intro', { date: deadline })}</p> : null}
        <ReturnRequestForm token={token} lines={data.lines} onRequested={onRequested} onRefused={onRefused} />
      </div>
    );
  }
  const why =
    data.deadline === null
      ? t('notDelivered')
      : new Date(data.deadline).getTime() < Date.now()
        ? t('windowClosed', { date: deadline ?? '' })
        : t('nothingLeft');
  return <p className="text-sm text-coffee-700">{why}</p>;
}
