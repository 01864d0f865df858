import { describe, expect, it } from 'vitest';
import { bearerMatches } from '../lib/revalidation';

describe('the catalogue revalidation call', () => {
  it('is taken only with the exact shared secret', () => {
    expect(bearerMatches('Bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(bearerMatches('bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(bearerMatches('Bearer s3cret-valuX', 's3cret-value')).toBe(false);
    expect(bearerMatches('Bearer s3cret', 's3cret-value')).toBe(false);
    expect(bearerMatches('', 's3cret-value')).toBe(false);
    expect(bearerMatches(null, 's3cret-value')).toBe(false);
  });
});
