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
  id: SpecMenuEntry['id'] | 'returns' | 'profile';
  href: string;
  module: MenuModule | null;
}

/**
 * The back-office menu of SPEC 2.1, in its order: @qahwa/schema's MENU (the dashboard, then one
 * entry per module) and /backend/profile last. The schema's list stops at settings, while SPEC 2.1
 * lists the profile too: it is one's own account (also in the user menu) and SPEC 6 names no
 * module for it, so like the dashboard it is always shown. Labels come from messages/*.json (the
 * Menu namespace), not from the schema's texts.
 *
 * Returns follow Orders: they are the orders module's work (its view and edit rights), not a module
 * of their own, so the permission grid keeps SPEC 6's modules (`isModuleEntry`).
 */
export const MENU: readonly MenuEntry[] = [
  ...SPEC_MENU.flatMap((e): MenuEntry[] => {
    const entry: MenuEntry = { id: e.id, href: e.href, module: e.id === 'dashboard' ? null : e.id };
    return e.id === 'orders'
      ? [entry, { id: 'returns', href: '/backend/returns', module: 'orders' }]
      : [entry];
  }),
  { id: 'profile', href: '/backend/profile', module: null },
];

/** The entry that stands for its permission module (the grid's row), not a screen inside one. */
export function isModuleEntry(entry: MenuEntry): entry is MenuEntry & { module: MenuModule } {
  return entry.module !== null && entry.id === entry.module;
}

export type MenuId = MenuEntry['id'];

/** What the menu rule needs to know about the signed-in user (SPEC 3 "Session user"). */
export interface MenuViewer {
  role: string;
  permissions: readonly Permission[];
}

/**
 * SPEC 6: ADMIN sees everything; others see a module's entries only with canView on it. The rule
 * is @qahwa/schema's visibleMenu, so the gateway and the admin agree; the profile is always shown.
 */
export function visibleMenu(viewer: MenuViewer): MenuEntry[] {
  const shown = new Set<string>(specVisibleMenu(viewer).map((e) => e.id));
  return MENU.filter((entry) => entry.module === null || shown.has(entry.module));
}

export function menuEntry(id: string): MenuEntry | undefined {
  return MENU.find((entry) => entry.id === id);
}
