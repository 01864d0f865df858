import { TOAST_FADE_MS, TOAST_LIFETIME_MS, TOAST_MAX_VISIBLE } from '@qahwa/schema/reference';
import { atom } from '@/shell/atoms';

export type ToastType = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  leaving: boolean;
}

let nextId = 1;

export const toastsAtom = atom<Toast[]>([]);

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  // Fade first (SPEC 9: 300 ms), then remove.
  set(
    toastsAtom,
    get(toastsAtom).map((t) => (t.id === id ? { ...t, leaving: true } : t)),
  );
  setTimeout(() => set(toastsAtom, (list) => list.filter((t) => t.id !== id)), TOAST_FADE_MS);
});

/** SPEC 4/9: auto-dismiss after 5 s, at most 3 shown (the oldest is dropped). */
export const pushToastAtom = atom(null, (get, set, toast: { type: ToastType; message: string }) => {
  const id = nextId++;
  set(toastsAtom, [...get(toastsAtom), { ...toast, id, leaving: false }].slice(-TOAST_MAX_VISIBLE));
  setTimeout(() => set(dismissToastAtom, id), TOAST_LIFETIME_MS);
});
