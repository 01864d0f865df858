import { directionOf, localeFromAcceptLanguage, resolveLocale } from '@qahwa/schema/reference';
import { describe, expect, it } from 'vitest';

describe('locale resolution', () => {
  it('prefers the saved cookie over the browser languages', () => {
    expect(resolveLocale({ cookie: 'ar', acceptLanguage: 'en-US,en;q=0.9' })).toBe('ar');
    expect(resolveLocale({ cookie: 'en', acceptLanguage: 'ar-AE' })).toBe('en');
  });

  it('ignores a cookie that is not a supported language', () => {
    expect(resolveLocale({ cookie: 'fr', acceptLanguage: 'ar-AE,ar;q=0.9' })).toBe('ar');
    expect(resolveLocale({ cookie: 'AR', acceptLanguage: null })).toBe('en');
  });

  it('falls back to Accept-Language, then English', () => {
    expect(resolveLocale({ acceptLanguage: 'ar-AE,ar;q=0.9,en;q=0.8' })).toBe('ar');
    expect(resolveLocale({ acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('en');
    expect(resolveLocale({})).toBe('en');
  });

  it('ranks Accept-Language by q-value and skips what we do not ship', () => {
    expect(localeFromAcceptLanguage('en;q=0.5,ar;q=0.8')).toBe('ar');
    expect(localeFromAcceptLanguage('fr,de;q=0.9,ar;q=0.1')).toBe('ar');
    expect(localeFromAcceptLanguage('ar;q=0,en;q=0.3')).toBe('en');
    expect(localeFromAcceptLanguage('*')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
  });

  it('keeps the browser order for equal q-values', () => {
    expect(localeFromAcceptLanguage('ar, en')).toBe('ar');
    expect(localeFromAcceptLanguage('EN-gb, ar')).toBe('en');
  });

  it('lays Arabic out right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
