import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, orderVatRateBp, settingsSectionOf, VatSettings } from '../src/settings/settings';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];
const registered = { ...DEFAULT_SETTINGS.vat, registered: true, trn: '100234567800003' };

describe('the vat setting', () => {
  it('a fresh store is not registered, at the UAE rate of 5 %, and taxes its orders at 0', () => {
    expect(DEFAULT_SETTINGS.vat).toMatchObject({ registered: false, trn: null, rateBp: 500 });
    expect(orderVatRateBp(DEFAULT_SETTINGS.vat)).toBe(0);
    expect(orderVatRateBp(registered)).toBe(500);
  });

  it('checks the TRN as 15 digits, and a registered store needs one', () => {
    expect(VatSettings.safeParse(registered).success).toBe(true);
    for (const trn of ['10023456780000', '1002345678000031', '10023456780000A', '100 234 567 800 003']) {
      expect(messagesOf(VatSettings.safeParse({ ...registered, trn }))).toEqual([
        'A TRN is 15 digits, as on the FTA registration certificate',
      ]);
    }
    expect(messagesOf(VatSettings.safeParse({ ...registered, trn: null }))).toEqual([
      'A VAT-registered store needs its TRN',
    ]);
    expect(VatSettings.safeParse({ ...registered, registered: false, trn: null }).success).toBe(true);
  });

  it('needs the name and address in both languages and a rate of 0–100 % in basis points', () => {
    expect(messagesOf(VatSettings.safeParse({ ...registered, nameAr: '  ' }))).toEqual([
      'Please fill this in (at most 160 characters)',
    ]);
    expect(messagesOf(VatSettings.safeParse({ ...registered, rateBp: 5.5 }))).toEqual([
      'Please enter a rate from 0 to 100 % in basis points (500 = 5 %)',
    ]);
    expect(VatSettings.safeParse({ ...registered, rateBp: 10_001 }).success).toBe(false);
    expect(settingsSectionOf('vat', { ...registered, trn: 'x' })).toEqual(DEFAULT_SETTINGS.vat);
  });
});
