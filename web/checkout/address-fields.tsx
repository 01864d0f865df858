'use client';

import { ADDRESS_MIN_LENGTH, EMIRATES, findEmirate } from '@qahwa/schema/reference';
import { TEXT_LIMITS } from '@qahwa/schema/validation';
import { useLocale, useTranslations } from '@/i18n/client';
import { SelectField, TextField } from './fields';
import type { FieldErrors, ShippingValues } from './validation';

/**
 * The emirate, city and street, drawn the same way wherever an address is typed: the checkout's
 * shipping step (SPEC 5) and the profile's new address (SPEC 6). Each screen keeps its own state
 * and what it does on submit; the words are the shipping step's in both. The ids are
 * `<idPrefix>-<field>`, which the screens focus and the tests find.
 *
 * `onChange` gets what changed; the screen takes it into its values and clears those fields'
 * errors. Choosing an emirate clears the city too (SPEC 4).
 */
export function AddressFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: ShippingValues;
  errors: FieldErrors<keyof ShippingValues>;
  onChange: (patch: Partial<ShippingValues>) => void;
}) {
  const t = useTranslations('ShippingStep');
  const locale = useLocale();
  const emirate = findEmirate(values.emirate);
  return (
    <>
      <SelectField
        id={`${idPrefix}-emirate`}
        label={t('emirate')}
        placeholder={t('emiratePlaceholder')}
        value={values.emirate}
        error={errors.emirate}
        onChange={(slug) => onChange({ emirate: slug, city: '' })}
      >
        {EMIRATES.map((e) => (
          <option key={e.slug} value={e.slug}>
            {locale === 'ar' ? e.ar : e.en}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${idPrefix}-city`}
        label={t('city')}
        placeholder={t('cityPlaceholder')}
        value={values.city}
        error={errors.city}
        disabled={!emirate}
        hint={emirate ? undefined : t('cityHint')}
        onChange={(city) => onChange({ city })}
      >
        {emirate?.cities.map((c) => (
          <option key={c.slug} value={c.slug}>
            {locale === 'ar' ? c.ar : c.en}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idPrefix}-address`}
        label={t('address')}
        multiline
        placeholder={t('addressPlaceholder')}
        value={values.address}
        error={errors.address}
        // The limits are shown while typing, not first met as an error on submit.
        hint={t('addressLength', {
          count: values.address.trim().length,
          min: ADDRESS_MIN_LENGTH,
          max: TEXT_LIMITS.address,
        })}
        autoComplete="street-address"
        onChange={(address) => onChange({ address })}
      />
    </>
  );
}
