import { z } from 'zod';
import { localize, type MessageParams } from '../messages/localized-text';
import type { Locale } from '../money/money';
import { VALIDATION_MESSAGES, type ValidationMessageCode } from './messages';

/** A message lookup bound to one language, handed to every schema factory. */
export type ValidationText = (code: ValidationMessageCode, params?: MessageParams) => string;

export function validationText(locale: Locale): ValidationText {
  return (code, params) => localize(VALIDATION_MESSAGES[code], locale, params);
}

/** The example in 'Please enter a valid phone number (e.g., {phone})': a UAE mobile. */
export const PHONE_EXAMPLE = '+971 50 123 4567';

/** "Shaped like an email" (SPEC 5): something@something.tld, no spaces. The same test runs in browser and server. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC 5: after stripping spaces, dashes and parentheses, an optional +country code then 7 to 15 digits. */
export const PHONE_PATTERN = /^(\+\d{1,3})?\d{7,15}$/;

/**
 * PHONE_PATTERN as the raw field reads before normalising: spaces, dashes and parentheses anywhere.
 * Only published (the OpenAPI `pattern` of every phone field), so a client or a fuzzer can tell a
 * phone we take from one we refuse; `phoneProblem` is the rule, and a test holds the two equal.
 * ASCII digits and spaces only: JSON Schema regexes read `\d` and `\s` more widely than ours.
 */
export const PHONE_INPUT_PATTERN = /^[ ()-]*(\+[ ()-]*([0-9][ ()-]*){1,3})?([0-9][ ()-]*){7,15}$/;

/** Text limits the spec does not give; generous, they only stop abuse of the API. */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  address: 500,
  message: 5000,
  code: 50,
} as const;

/** Spaces, dashes and parentheses removed, as SPEC 5 says; what the pattern is tested against. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '');
}

export type PhoneProblem = 'validation.required' | 'validation.phoneLength' | 'validation.phone';

/**
 * The phone rule in its order: missing → required; anything but digits and a leading + (letters,
 * symbols) → the format message with its example, as such a value is not a phone number of any
 * length; fewer than 7 or more than 20 digits → the length message; otherwise it must match the
 * pattern. The length test comes before the pattern because once the pattern passes, the length
 * (at most 18 digits) is always inside 7..20, so the spec's length message could otherwise never
 * be shown.
 */
export function phoneProblem(phone: string): PhoneProblem | null {
  const cleaned = normalizePhone(phone.trim());
  if (cleaned === '') return 'validation.required';
  if (!/^\+?\d*$/.test(cleaned)) return 'validation.phone';
  const digits = cleaned.replace(/\D/g, '').length;
  if (digits < 7 || digits > 20) return 'validation.phoneLength';
  return PHONE_PATTERN.test(cleaned) ? null : 'validation.phone';
}

/**
 * NUL characters carry nothing a shopper typed, and PostgreSQL's text refuses them (the insert
 * would fail with a 500): every text field drops them before its other rules run.
 */
export const withoutNul = (value: string): string => value.replaceAll(String.fromCharCode(0), '');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Text staff type into the back office, made storable: NUL dropped and lone surrogates replaced,
 * as PostgreSQL's text and jsonb refuse both (the fuzzer found the 500s).
 */
export const storableText = (value: string): string => withoutNul(value).replace(LONE_SURROGATE, '\uFFFD');

/**
 * A JSON value made storable in jsonb: every string in it (keys too) through `storableText`. For
 * what is kept as received (a checkout's claim), where no field-by-field rule has run on every part.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)])) as T;
  }
  return value;
}

/** Required text: missing, non-text and blank after trimming all say the same thing. */
export function requiredText(message: string, max?: { limit: number; message: string }) {
  const base = z.string({ error: message }).overwrite(withoutNul).trim().min(1, { error: message });
  return max ? base.max(max.limit, { error: max.message }) : base;
}

export function emailField(t: ValidationText) {
  return requiredText(t('validation.required'), {
    limit: TEXT_LIMITS.email,
    message: t('validation.tooLong', { max: TEXT_LIMITS.email }),
  }).regex(EMAIL_PATTERN, { error: t('validation.email') });
}

export function phoneField(t: ValidationText) {
  return z
    .string({ error: t('validation.required') })
    .trim()
    .superRefine((value, ctx) => {
      const problem = phoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: t(problem, { phone: PHONE_EXAMPLE }) });
    })
    .meta({ pattern: PHONE_INPUT_PATTERN.source });
}
