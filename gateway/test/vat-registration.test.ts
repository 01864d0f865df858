import { isConfigError, SAMPLE_TRN } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { refuseSampleVatRegistration } from '../src/settings/vat-registration';

describe('the VAT registration a production gateway starts with', () => {
  it('refuses the development seed’s sample TRN in production only', () => {
    let caught: unknown;
    try {
      refuseSampleVatRegistration('production', { registered: true, trn: SAMPLE_TRN });
    } catch (e) {
      caught = e;
    }
    expect(isConfigError(caught)).toBe(true);
    expect(String(caught)).toMatch(/sample TRN 100000000000003/);
    expect(() =>
      refuseSampleVatRegistration('development', { registered: true, trn: SAMPLE_TRN }),
    ).not.toThrow();
    expect(() =>
      refuseSampleVatRegistration('production', { registered: false, trn: SAMPLE_TRN }),
    ).not.toThrow();
    expect(() =>
      refuseSampleVatRegistration('production', { registered: true, trn: '100123456700003' }),
    ).not.toThrow();
  });
});
