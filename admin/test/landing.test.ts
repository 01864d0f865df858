import { describe, expect, it } from 'vitest';
import { landingPath } from '@/menu/landing';

const staff = (permissions: { module: string; canView: boolean; canEdit?: boolean }[]) => ({
  role: 'STAFF',
  permissions,
});

describe('where staff land after signing in', () => {
  it('is the dashboard for an administrator and for staff who may view orders', () => {
    expect(landingPath({ role: 'ADMIN', permissions: [] })).toBe('/backend');
    expect(landingPath(staff([{ module: 'orders', canView: true }]))).toBe('/backend');
    // Editing implies viewing.
    expect(landingPath(staff([{ module: 'orders', canView: false, canEdit: true }]))).toBe('/backend');
  });

  it('is the first screen of their menu for staff without orders, not an access-denied dashboard', () => {
    expect(landingPath(staff([{ module: 'content', canView: true }]))).toBe('/backend/content');
    expect(
      landingPath(
        staff([
          { module: 'settings', canView: true },
          { module: 'products', canView: true },
        ]),
      ),
    ).toBe('/backend/products');
  });

  it('is the profile for staff with no module at all', () => {
    expect(landingPath(staff([]))).toBe('/backend/profile');
    expect(landingPath(staff([{ module: 'orders', canView: false }]))).toBe('/backend/profile');
  });
});
