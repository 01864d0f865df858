import { canViewModule, type MenuModule, type Permission } from '@qahwa/schema';

/**
 * The back-office menu of SPEC 2.1, in its order. `module` is the permission module of
 * SPEC 6; null marks the entries every signed-in member of staff sees.
 *
 * Why not @qahwa/schema's MENU: that list stops at settings (19 entries), while SPEC 2.1 lists
 * /backend/profile as a menu entry too. The profile is one's own account (it is also in the
 * user menu) and SPEC 6 names no module for it, so like the dashboard it is always shown.
 * Labels come from messages/*.json (the Menu namespace), not from the schema's texts.
 */
export const MENU = [
  { id: 'dashboard', href: '/backend', module: null },
  { id: 'products', href: '/backend/products', module: 'products' },
  { id: 'categories', href: '/backend/categories', module: 'categories' },
  { id: 'variation', href: '/backend/variation', module: 'variation' },
  { id: 'orders', href: '/backend/orders', module: 'orders' },
  { id: 'leads', href: '/backend/leads', module: 'leads' },
  { id: 'customers', href: '/backend/customers', module: 'customers' },
  { id: 'contacts', href: '/backend/contacts', module: 'contacts' },
  { id: 'subscribers', href: '/backend/subscribers', module: 'subscribers' },
  { id: 'reviews', href: '/backend/reviews', module: 'reviews' },
  { id: 'brevo', href: '/backend/brevo', module: 'brevo' },
  { id: 'payments', href: '/backend/payments', module: 'payments' },
  { id: 'users', href: '/backend/users', module: 'users' },
  { id: 'promotions', href: '/backend/promotions', module: 'promotions' },
  { id: 'shipping', href: '/backend/shipping', module: 'shipping' },
  { id: 'content', href: '/backend/content', module: 'content' },
  { id: 'tracking', href: '/backend/tracking', module: 'tracking' },
  { id: 'logs', href: '/backend/logs', module: 'logs' },
  { id: 'settings', href: '/backend/settings', module: 'settings' },
  { id: 'profile', href: '/backend/profile', module: null },
] as const satisfies readonly { id: string; href: string; module: MenuModule | null }[];

export type MenuEntry = (typeof MENU)[number];
export type MenuId = MenuEntry['id'];

/** What the menu rule needs to know about the signed-in user (SPEC 3 "Session user"). */
export interface MenuViewer {
  role: string;
  permissions: readonly Permission[];
}

/**
 * SPEC 6: ADMIN sees everything; others see a module's entry only with canView on it.
 * The rule itself is the shared one of @qahwa/schema, so the gateway and the admin agree.
 */
export function canViewEntry(viewer: MenuViewer, entry: MenuEntry): boolean {
  return entry.module === null || canViewModule(viewer, entry.module);
}

export function visibleMenu(viewer: MenuViewer): MenuEntry[] {
  return MENU.filter((entry) => canViewEntry(viewer, entry));
}

export function menuEntry(id: string): MenuEntry | undefined {
  return MENU.find((entry) => entry.id === id);
}
