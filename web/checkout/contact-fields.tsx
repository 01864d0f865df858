'use client';

import { TextField } from './fields';
import type { CustomerValues, FieldErrors } from './validation';

export type ContactField = keyof CustomerValues;

/**
 * The shopper's name, e-mail and phone, drawn the same way wherever they are typed: the
 * checkout's contact step (SPEC 5), the profile (SPEC 6) and the contact form (SPEC 2.4). Each
 * screen keeps its own state, rules and words (the labels come from its own messages; the
 * profile shows no phone hint); the ids are `<idPrefix>-<field>`, which the screens focus and
 * the tests find. E-mail and phone read left to right even in Arabic.
 */
export function ContactFields({
  idPrefix,
  labels,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  labels: { fullName: string; email: string; phone: string; phoneHint?: string };
  values: CustomerValues;
  errors: FieldErrors<ContactField>;
  onChange: (field: ContactField) => (value: string) => void;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-fullName`}
        label={labels.fullName}
        value={values.fullName}
        onChange={onChange('fullName')}
        error={errors.fullName}
        autoComplete="name"
      />
      <TextField
        id={`${idPrefix}-email`}
        label={labels.email}
        type="email"
        inputMode="email"
        ltr
        value={values.email}
        onChange={onChange('email')}
        error={errors.email}
        autoComplete="email"
      />
      <TextField
        id={`${idPrefix}-phone`}
        label={labels.phone}
        type="tel"
        inputMode="tel"
        ltr
        hint={labels.phoneHint}
        value={values.phone}
        onChange={onChange('phone')}
        error={errors.phone}
        autoComplete="tel"
        placeholder="+971 50 123 4567"
      />
    </>
  );
}
