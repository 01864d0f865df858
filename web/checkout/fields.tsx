'use client';

import type { ReactNode } from 'react';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-coffee-950 placeholder:text-coffee-400 focus:outline-2 focus:outline-offset-1 focus:outline-coffee-600 disabled:cursor-not-allowed disabled:bg-coffee-100 disabled:text-coffee-500';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  ltr = false,
  multiline = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  /** Emails and phone numbers read left to right even in Arabic; aligned to the start of the page. */
  ltr?: boolean;
  multiline?: boolean;
  placeholder?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const props = {
    id,
    value,
    placeholder,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && hintId, error && errorId),
    className: `${control} ${error ? 'border-red-600' : 'border-coffee-300'} ${ltr ? 'rtl:text-end' : ''}`,
    dir: ltr ? 'ltr' : undefined,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-coffee-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-coffee-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  disabled = false,
  placeholder,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  placeholder: string;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-coffee-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        onChange={(e) => onChange(e.target.value)}
        className={`${control} ${error ? 'border-red-600' : 'border-coffee-300'}`}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-coffee-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
