import { directionOf, isLocale, localeFromAcceptLanguage, resolveLocale } from '@qahwa/schema/reference';
import { describe, expect, it } from 'vitest';

describe('resolveLocale', () => {
  it('takes the saved cookie first', () => {
    expect(resolveLocale({ cookie: 'ar', acceptLanguage: 'en-US,en' })).toBe('ar');
    expect(resolveLocale({ cookie: 'en', acceptLanguage: 'ar-AE,ar' })).toBe('en');
  });

  it('ignores a cookie that is not a locale', () => {
    expect(resolveLocale({ cookie: 'fr', acceptLanguage: 'ar' })).toBe('ar');
    expect(resolveLocale({ cookie: '', acceptLanguage: null })).toBe('en');
  });

  it('falls back to Accept-Language, then en', () => {
    expect(resolveLocale({ acceptLanguage: 'ar-AE,ar;q=0.9,en;q=0.8' })).toBe('ar');
    expect(resolveLocale({ acceptLanguage: 'en-GB,en;q=0.9' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'fr-FR,de' })).toBe('en');
    expect(resolveLocale({})).toBe('en');
  });
});

describe('localeFromAcceptLanguage', () => {
  it('ranks by quality, then by order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5,ar;q=0.9')).toBe('ar');
    expect(localeFromAcceptLanguage('fr, ar;q=0.4, en;q=0.3')).toBe('ar');
    expect(localeFromAcceptLanguage('AR')).toBe('ar');
  });

  it('skips refused and malformed entries', () => {
    expect(localeFromAcceptLanguage('ar;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage(';;,,')).toBeNull();
    expect(localeFromAcceptLanguage('*')).toBeNull();
  });
});

describe('helpers', () => {
  it('knows the direction and the locales', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(isLocale('ar')).toBe(true);
    expect(isLocale('ar-AE')).toBe(false);
  });
});
