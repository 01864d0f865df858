import { atom } from '@/shell/atoms';

/** The product (id or slug) whose options modal is open; null when closed. One modal for the whole page. */
export const optionsTargetAtom = atom<string | null>(null);
