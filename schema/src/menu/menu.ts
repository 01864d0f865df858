import { MENU_MODULES, type MenuModule } from '../contracts/auth';
import type { LocalizedText } from '../messages/localized-text';

/** A sidebar entry of the back office (SPEC 2.1). The dashboard has no module: it is never gated. */
export interface MenuEntry {
  id: 'dashboard' | MenuModule;
  href: string;
  label: LocalizedText;
}

const LABELS: Record<MenuEntry['id'], LocalizedText> = {
  dashboard: { en: 'Dashboard', ar: 'لوحة التحكم' },
  products: { en: 'Products', ar: 'المنتجات' },
  categories: { en: 'Categories', ar: 'الفئات' },
  variation: { en: 'Variations', ar: 'المتغيّرات' },
  orders: { en: 'Orders', ar: 'الطلبات' },
  leads: { en: 'Customer Leads', ar: 'العملاء المحتملون' },
  customers: { en: 'Customers', ar: 'العملاء' },
  contacts: { en: 'Contact Messages', ar: 'رسائل التواصل' },
  subscribers: { en: 'Email Subscribers', ar: 'مشتركو البريد' },
  reviews: { en: 'Reviews', ar: 'المراجعات' },
  brevo: { en: 'Email Marketing', ar: 'التسويق عبر البريد' },
  payments: { en: 'Payments', ar: 'المدفوعات' },
  users: { en: 'Users', ar: 'المستخدمون' },
  promotions: { en: 'Promotions', ar: 'العروض الترويجية' },
  shipping: { en: 'Shipping', ar: 'الشحن' },
  content: { en: 'Website Content', ar: 'محتوى الموقع' },
  tracking: { en: 'Tracking', ar: 'التتبع' },
  logs: { en: 'System Logs', ar: 'سجلات النظام' },
  settings: { en: 'Settings', ar: 'الإعدادات' },
};

/** SPEC 2.1 in order: the dashboard, then one entry per module at /backend/{module}. */
export const MENU: readonly MenuEntry[] = [
  { id: 'dashboard', href: '/backend', label: LABELS.dashboard },
  ...MENU_MODULES.map((m) => ({ id: m, href: `/backend/${m}`, label: LABELS[m] })),
];

export const ADMIN_ROLE = 'ADMIN';

interface Viewer {
  role: string;
  permissions: readonly { module: string; canView: boolean; canEdit?: boolean }[];
}

/** What a back-office call does to a module: reads need `view`, writes need `edit`. */
export type StaffAction = 'view' | 'edit';

/**
 * SPEC 6: ADMIN sees everything. Anyone else sees a module only if some permission entry for
 * that module has canView true (one true entry is enough; module names compare exactly). The
 * role is compared exactly too: 'admin' is not ADMIN, so a typo never grants everything.
 */
export function canViewModule(user: Viewer, module: MenuModule): boolean {
  return can(user, module, 'view');
}

/**
 * The one permission rule (docs/admin.md): ADMIN may do everything; anyone else may view a module with
 * an entry whose canView or canEdit is true (editing implies viewing), and edit it only with
 * canEdit true. The server applies it to every back-office route; the admin app only mirrors it.
 */
export function can(user: Viewer, module: MenuModule, action: StaffAction): boolean {
  if (user.role === ADMIN_ROLE) return true;
  return user.permissions.some(
    (p) => p.module === module && (action === 'view' ? p.canView || p.canEdit === true : p.canEdit === true),
  );
}

/** The sidebar a session user sees. The dashboard is always there (SPEC 6 exempts it). */
export function visibleMenu(user: Viewer | null): MenuEntry[] {
  if (!user) return [];
  return MENU.filter((e) => e.id === 'dashboard' || canViewModule(user, e.id));
}

/**
 * Route guard for /backend paths: /backend and /backend/profile are open to any signed-in
 * staff member; /backend/{module}/... needs that module. Unknown paths are refused.
 */
export function canAccessBackendPath(user: Viewer | null, path: string): boolean {
  if (!user) return false;
  const segment = /^\/backend(?:\/([^/?#]+))?\/?(?:[?#]|$|\/)/.exec(path);
  if (!segment) return false;
  const first = segment[1];
  if (first === undefined || first === 'profile') return true;
  const module = MENU_MODULES.find((m) => m === first);
  return module !== undefined && canViewModule(user, module);
}
