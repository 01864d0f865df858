import { MENU, type MenuEntry } from '../menu';

/** Menu entries with a page of their own still to come: all but the dashboard and orders. */
export const PLACEHOLDER_SECTIONS = MENU.filter((entry) => entry.id !== 'dashboard' && entry.id !== 'orders');

export function placeholderSection(slug: string): MenuEntry | undefined {
  return PLACEHOLDER_SECTIONS.find((entry) => entry.href === `/backend/${slug}`);
}
