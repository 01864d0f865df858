'use client';

import { useTranslations } from '@/i18n/client';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { dismissToastAtom, toastsAtom } from './toast-store';

const tone = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-coffee-600 bg-coffee-50 text-coffee-900',
} as const;

/** A polite live region: screen readers hear "1 × Ethiopia Yirgacheffe added to cart". */
export function Toaster() {
  const t = useTranslations('Toasts');
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return (
    <section
      aria-label={t('region')}
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-3"
    >
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <li
            key={toast.id}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border-s-4 p-3 text-sm shadow-lg transition-opacity duration-300 ${tone[toast.type]} ${toast.leaving ? 'opacity-0' : 'opacity-100'}`}
          >
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label={t('dismiss')}
              className="-m-1 rounded p-1 hover:bg-black/5"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
