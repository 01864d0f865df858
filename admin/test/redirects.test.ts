import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from '@/auth/redirects';

describe('sign-in redirects', () => {
  it('returns to the back-office page the visitor asked for', () => {
    expect(safeNextPath('/backend/orders?page=2')).toBe('/backend/orders?page=2');
    expect(safeNextPath('/backend')).toBe('/backend');
    expect(loginPathFor('/backend/orders')).toBe('/backend/login?next=%2Fbackend%2Forders');
  });

  it('never leaves the back office (no open redirect)', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/backend.evil.example',
      '/backendx',
      '/\\evil',
      '/shop',
    ]) {
      expect(safeNextPath(bad), bad).toBe('/backend');
    }
    expect(safeNextPath('/backend/\\evil')).toBe('/backend');
    expect(safeNextPath(null)).toBe('/backend');
  });

  it('never sends a signed-in user back to the sign-in page', () => {
    expect(safeNextPath('/backend/login')).toBe('/backend');
    expect(safeNextPath('/backend/login?next=/backend/orders')).toBe('/backend');
    expect(loginPathFor('/backend')).toBe('/backend/login');
  });
});
