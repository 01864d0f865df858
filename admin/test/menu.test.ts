import { MENU_MODULES, visibleMenu as schemaVisibleMenu } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { isModuleEntry, MENU, visibleMenu } from '@/menu';

const ids = (viewer: Parameters<typeof visibleMenu>[0]) => visibleMenu(viewer).map((e) => e.id);

describe('menu', () => {
  it('lists the 20 entries of SPEC 2.1 in order, dashboard first, with Returns after Orders', () => {
    expect(MENU.map((e) => e.href)).toEqual([
      '/backend',
      '/backend/products',
      '/backend/categories',
      '/backend/variation',
      '/backend/orders',
      '/backend/returns',
      '/backend/leads',
      '/backend/customers',
      '/backend/contacts',
      '/backend/subscribers',
      '/backend/reviews',
      '/backend/brevo',
      '/backend/payments',
      '/backend/users',
      '/backend/promotions',
      '/backend/shipping',
      '/backend/content',
      '/backend/tracking',
      '/backend/logs',
      '/backend/settings',
      '/backend/profile',
    ]);
  });

  it('uses the permission modules of SPEC 6, one entry each', () => {
    const modules = MENU.filter(isModuleEntry).map((e) => e.module);
    expect(modules).toEqual([...MENU_MODULES]);
  });

  it('shows Returns, a screen of the orders module, exactly to those who may view orders', () => {
    const orders = { role: 'STAFF', permissions: [{ module: 'orders', canView: true }] };
    expect(ids(orders)).toEqual(['dashboard', 'orders', 'returns', 'profile']);
    const editor = { role: 'STAFF', permissions: [{ module: 'orders', canView: false, canEdit: true }] };
    expect(ids(editor)).toContain('returns');
    const other = { role: 'STAFF', permissions: [{ module: 'payments', canView: true }] };
    expect(ids(other)).not.toContain('returns');
    expect(MENU.find((e) => e.id === 'returns')?.module).toBe('orders');
  });

  it('shows everything to ADMIN, even without permissions', () => {
    expect(ids({ role: 'ADMIN', permissions: [] })).toEqual(MENU.map((e) => e.id));
  });

  it('shows a non-admin only the modules they may view, in menu order', () => {
    const viewer = {
      role: 'STAFF',
      permissions: [
        { module: 'promotions', canView: true },
        { module: 'orders', canView: true },
        { module: 'products', canView: false },
      ],
    };
    expect(ids(viewer)).toEqual(['dashboard', 'orders', 'returns', 'promotions', 'profile']);
  });

  it('hides a module whose permission has canView false', () => {
    const viewer = { role: 'STAFF', permissions: [{ module: 'orders', canView: false }] };
    expect(ids(viewer)).not.toContain('orders');
  });

  it('always shows the dashboard (and one’s own profile), even with no permissions at all', () => {
    expect(ids({ role: 'STAFF', permissions: [] })).toEqual(['dashboard', 'profile']);
    expect(ids({ role: 'STAFF', permissions: [{ module: 'dashboard', canView: false }] })).toContain(
      'dashboard',
    );
  });

  it('treats the role name exactly: "admin" in lower case is not ADMIN', () => {
    expect(ids({ role: 'admin', permissions: [] })).toEqual(['dashboard', 'profile']);
  });

  it('agrees with the shared rule of @qahwa/schema (which has no profile entry)', () => {
    const viewers = [
      { role: 'ADMIN', permissions: [] },
      { role: 'STAFF', permissions: [] },
      {
        role: 'STAFF',
        permissions: [
          { module: 'orders', canView: true },
          { module: 'logs', canView: false },
        ],
      },
      { role: 'STAFF', permissions: MENU_MODULES.map((module) => ({ module, canView: true })) },
    ];
    for (const viewer of viewers) {
      const ours = ids(viewer).filter((id) => id !== 'profile' && id !== 'returns');
      expect(ours).toEqual(schemaVisibleMenu(viewer).map((e) => e.id));
    }
  });
});
