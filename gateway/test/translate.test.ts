import { describe, expect, it } from 'vitest';
import { translateMessage } from '../src/i18n/translate';

describe('validation messages for an Arabic shopper', () => {
  it('renders the SPEC 5 messages in Arabic', () => {
    expect(translateMessage('This field is required', 'ar')).toBe('هذا الحقل مطلوب');
    expect(translateMessage('Please select a city', 'ar')).toBe('يرجى اختيار المدينة');
  });

  it('carries the parameters across, inside their isolates', () => {
    expect(translateMessage('Please enter a valid phone number (e.g., +971 50 123 4567)', 'ar')).toBe(
      'يرجى إدخال رقم هاتف صالح (مثال: \u2066+971 50 123 4567\u2069)',
    );
  });

  it('leaves English alone and unknown messages as they are', () => {
    expect(translateMessage('This field is required', 'en')).toBe('This field is required');
    expect(translateMessage('Invalid input: expected number, received string', 'ar')).toBe(
      'Invalid input: expected number, received string',
    );
  });
});
