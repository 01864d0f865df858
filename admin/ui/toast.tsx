'use client';

import { useTranslations } from 'next-intl';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type ToastKind = 'success' | 'error' | 'info';

/** SPEC 9: the back office's toasts last 4 s, 2 s on success. At most three are shown (the oldest goes). */
export const TOAST_MS: Record<ToastKind, number> = { success: 2000, error: 4000, info: 4000 };
const MAX_TOASTS = 3;

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface Toaster {
  show(kind: ToastKind, message: string): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** The toasts of one console page; screens call `useToast()`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((kind: ToastKind, message: string) => {
    const id = ++next.current;
    setToasts((all) => [...all, { id, kind, message }].slice(-MAX_TOASTS));
  }, []);
  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (m) => show('success', m),
      error: (m) => show('error', m),
      info: (m) => show('info', m),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <ToastList toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast outside <ToastProvider>');
  return toaster;
}

const STYLE: Record<ToastKind, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-stone-300 bg-white text-stone-900',
};

function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    // Polite for all: an error toast repeats what the form already says next to the field.
    <div
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-full max-w-sm flex-col gap-2 px-4 sm:px-0"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const t = useTranslations('Toast');
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-toast={toast.kind}
      className={`pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${STYLE[toast.kind]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label={t('dismiss')}
        className="-me-1 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-amber-500"
      >
        ×
      </button>
    </div>
  );
}
