'use client';

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { defaultAddress, prefill, readStoredProfile } from '@/account/profile-store';
import { useLocale, useTranslations } from '@/i18n/client';
import { AddressFields } from './address-fields';
import { ContactFields } from './contact-fields';
import type { CustomerValues, FieldErrors, ShippingValues } from './validation';
import { validateCustomer, validateShipping } from './validation';

const primary =
  'w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:cursor-not-allowed disabled:bg-coffee-300 sm:w-auto';
const secondary =
  'w-full rounded-lg border border-coffee-300 px-4 py-3 font-medium text-coffee-900 hover:bg-coffee-100 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto';

export const buttonStyles = { primary, secondary };

/**
 * Tells the checkout what the form holds now, on every edit (and once with the values it opened
 * with), so a reload finds what was typed (checkout-progress.ts).
 */
function useReportValues<T>(values: T, onChange: ((values: T) => void) | undefined) {
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    report.current?.(values);
  }, [values]);
}

/** SPEC 5: "Errors clear as the field is edited." */
function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const clear = (field: K) =>
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  return { errors, setErrors, clear };
}

export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function CustomerStep({
  initial,
  onDone,
  onChange,
}: {
  initial: CustomerValues;
  onDone: (values: CustomerValues) => void;
  onChange?: (values: CustomerValues) => void;
}) {
  const t = useTranslations('CustomerStep');
  const locale = useLocale();
  // The steps mount only in the browser (CheckoutFlow waits for hydration), so the device's
  // profile (SPEC 6) can fill the empty fields on the first render; what was typed wins.
  const [values, setValues] = useState(() => {
    const p = readStoredProfile();
    return prefill(initial, { fullName: p.fullName, email: p.email, phone: p.phone });
  });
  const { errors, setErrors, clear } = useFieldErrors<keyof CustomerValues>();
  useReportValues(values, onChange);
  const set = (field: keyof CustomerValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };

  return (
    <StepForm
      onSubmit={() => {
        const found = validateCustomer(values, locale);
        setErrors(found);
        if (Object.keys(found).length === 0) onDone(values);
        else document.getElementById(`checkout-${Object.keys(found)[0]}`)?.focus();
      }}
    >
      <ContactFields
        idPrefix="checkout"
        labels={{ fullName: t('fullName'), email: t('email'), phone: t('phone'), phoneHint: t('phoneHint') }}
        values={values}
        errors={errors}
        onChange={set}
      />
      <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" aria-hidden="true">
          <circle cx="10" cy="10" r="7.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
          <path d="M10 6v4l2.5 2" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        </svg>
        {t('hurry')}
      </p>
      <button type="submit" className={primary}>
        {t('submit')}
      </button>
    </StepForm>
  );
}

export function ShippingStep({
  initial,
  onDone,
  onBack,
  onChange,
}: {
  initial: ShippingValues;
  onDone: (values: ShippingValues) => void;
  onBack: (values: ShippingValues) => void;
  onChange?: (values: ShippingValues) => void;
}) {
  const t = useTranslations('ShippingStep');
  const locale = useLocale();
  const [values, setValues] = useState(() => {
    const saved = defaultAddress(readStoredProfile());
    // An address is taken whole (emirate, city and street belong together), and only into an empty form.
    if (!saved || initial.emirate || initial.city || initial.address) return initial;
    return { emirate: saved.emirate, city: saved.city, address: saved.address };
  });
  const { errors, setErrors, clear } = useFieldErrors<keyof ShippingValues>();
  useReportValues(values, onChange);

  return (
    <StepForm
      onSubmit={() => {
        const found = validateShipping(values, locale);
        setErrors(found);
        if (Object.keys(found).length === 0) onDone(values);
        else document.getElementById(`checkout-${Object.keys(found)[0]}`)?.focus();
      }}
    >
      <AddressFields
        idPrefix="checkout"
        values={values}
        errors={errors}
        onChange={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          for (const field of Object.keys(patch) as (keyof ShippingValues)[]) clear(field);
        }}
      />
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
        <button type="submit" className={primary}>
          {t('submit')}
        </button>
        <button type="button" onClick={() => onBack(values)} className={secondary}>
          {t('back')}
        </button>
      </div>
    </StepForm>
  );
}
