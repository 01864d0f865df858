import {
  type MenuModule,
  type Permission,
  MENU as SPEC_MENU,
  type MenuEntry as SpecMenuEntry,
  visibleMenu as specVisibleMenu,
} from '@qahwa/schema';

/**
 * A sidebar entry. `module` is the permission module of SPEC 6; null marks the entries every
 * signed-in member of staff sees.
 */
export interface MenuEntry {
  id: SpecMenuEntry['id'] | 'profile';
  href: string;
  module: MenuModule | null;
}

/**
 * The back-office menu of SPEC 2.1, in its order: @qahwa/schema's MENU (the dashboard, then one
 * entry per module) and /backend/profile last. The schema's list stops at settings, while SPEC 2.1
 * lists the profile too: it is one's own account (also in the user menu) and SPEC 6 names no
 * module for it, so like the dashboard it is always shown. Labels come from messages/*.json (the
 * Menu namespace), not from the schema's texts.
 */
export const MENU: readonly MenuEntry[] = [
  ...SPEC_MENU.map((e) => ({ id: e.id, href: e.href, module: e.id === 'dashboard' ? null : e.id })),
  { id: 'profile', href: '/backend/profile', module: null },
];

export type MenuId = MenuEntry['id'];

/** What the menu rule needs to know about the signed-in user (SPEC 3 "Session user"). */
export interface MenuViewer {
  role: string;
  permissions: readonly Permission[];
}

/**
 * SPEC 6: ADMIN sees everything; others see a module's entry only with canView on it. The rule
 * is @qahwa/schema's visibleMenu, so the gateway and the admin agree; the profile is always shown.
 */
export function visibleMenu(viewer: MenuViewer): MenuEntry[] {
  const shown = new Set<MenuId>(specVisibleMenu(viewer).map((e) => e.id));
  return MENU.filter((entry) => entry.module === null || shown.has(entry.id));
}

export function menuEntry(id: string): MenuEntry | undefined {
  return MENU.find((entry) => entry.id === id);
}
