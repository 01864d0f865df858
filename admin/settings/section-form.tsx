'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';

/** One input of a settings form: where its value sits in the section (`name.en`) and how it is typed. */
export interface SettingsField {
  path: string;
  label: string;
  /** `basisPoints`: typed as a percent (5, 5.5), kept in basis points (500, 550) like the VAT rate. */
  kind: 'text' | 'textarea' | 'aed' | 'percent' | 'basisPoints' | 'checkbox' | 'date' | 'email' | 'tel';
  /** Arabic text is typed right to left; ids, numbers and dates left to right. */
  dir?: 'ltr' | 'rtl';
  hint?: ReactNode;
  /** Empty means null (an optional id or number). */
  nullable?: boolean;
  /** A field in the form's second column-group heading. */
  group?: string;
}

type Draft = Record<string, string | boolean>;
type Value = Record<string, unknown>;

const get = (v: Value, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Value | null | undefined)?.[k], v);
function set(v: Value, path: string, x: unknown): void {
  const keys = path.split('.');
  let o = v;
  for (const k of keys.slice(0, -1)) {
    o[k] ??= {};
    o = o[k] as Value;
  }
  o[keys.at(-1) as string] = x;
}

/** What the inputs show: money in AED with two decimals (the API keeps fils), null as empty. */
function draftOf(value: Value, fields: SettingsField[]): Draft {
  const d: Draft = {};
  for (const f of fields) {
    const x = get(value, f.path);
    if (f.kind === 'checkbox') d[f.path] = x === true;
    else if (f.kind === 'aed') d[f.path] = typeof x === 'number' ? (x / 100).toFixed(2) : '';
    else if (f.kind === 'basisPoints') d[f.path] = typeof x === 'number' ? String(x / 100) : '';
    else d[f.path] = x === null || x === undefined ? '' : String(x);
  }
  return d;
}

/** What is sent: AED back to whole fils; a number the staff member mistyped stays NaN → the server's message. */
function sectionValueOf(draft: Draft, fields: SettingsField[]): Value {
  const v: Value = {};
  for (const f of fields) {
    const x = draft[f.path];
    if (f.kind === 'checkbox') set(v, f.path, x === true);
    else if (typeof x === 'string' && f.nullable && x.trim() === '') set(v, f.path, null);
    else if (f.kind === 'aed') set(v, f.path, x === '' ? null : Math.round(Number(x) * 100));
    else if (f.kind === 'percent') set(v, f.path, x === '' ? null : Number(x));
    else if (f.kind === 'basisPoints') set(v, f.path, x === '' ? null : Math.round(Number(x) * 100));
    else set(v, f.path, x);
  }
  return v;
}

/**
 * One section of the store's settings (docs/settings.md): its fields, saved with the
 * version it was read at. The server refuses a stale version (409): the staff member is told
 * someone else saved, and offered the current values; field errors come back under their fields,
 * in the page's language.
 */
export function SectionForm({
  id,
  title,
  description,
  endpoint,
  fields,
  initial,
  canEdit,
  load,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  endpoint: string;
  fields: SettingsField[];
  initial: { version: number; value: Value };
  canEdit: boolean;
  /** Reads the section again (after someone else saved it). */
  load: () => Promise<{ version: number; value: Value }>;
  children?: ReactNode;
}) {
  const t = useTranslations('Settings');
  const toast = useToast();
  const [version, setVersion] = useState(initial.version);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial.value, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = await api<{ version: number; value: Value }>(
        'PUT',
        endpoint,
        { version, value: sectionValueOf(draft, fields) },
        t('saveFailed'),
      );
      setVersion(saved.version);
      setDraft(draftOf(saved.value, fields));
      setStale(false);
      toast.success(t('saved', { section: title }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        setFailure(error.message);
      } else if (error instanceof ApiError && error.issues.length > 0) {
        const byField: Record<string, string> = {};
        for (const issue of error.issues) {
          const path = issue.path.replace(/^\/value\//, '').replaceAll('/', '.');
          byField[path] ??= issue.message;
        }
        setErrors(byField);
        setFailure(error.message);
      } else {
        setFailure(error instanceof Error ? error.message : t('saveFailed'));
      }
    } finally {
      setBusy(false);
    }
  }

  /** After a 409: the values another member of staff saved, to edit again from. */
  async function reload() {
    try {
      const fresh = await load();
      setVersion(fresh.version);
      setDraft(draftOf(fresh.value, fields));
      setStale(false);
      setFailure(null);
    } catch {
      setFailure(t('loadFailed'));
    }
  }

  const control = (f: SettingsField) => {
    const value = draft[f.path];
    const common = { className: inputClass, dir: f.dir ?? 'ltr', disabled: !canEdit || busy };
    const onText = (x: string) => setDraft((d) => ({ ...d, [f.path]: x }));
    switch (f.kind) {
      case 'textarea':
        return (
          <textarea {...common} rows={3} value={String(value)} onChange={(e) => onText(e.target.value)} />
        );
      case 'aed':
      case 'percent':
      case 'basisPoints':
        return (
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step={f.kind === 'percent' ? '1' : '0.01'}
            min="0"
            value={String(value)}
            onChange={(e) => onText(e.target.value)}
          />
        );
      default:
        return (
          <input
            {...common}
            type={
              f.kind === 'date' ? 'date' : f.kind === 'email' ? 'email' : f.kind === 'tel' ? 'tel' : 'text'
            }
            value={String(value)}
            onChange={(e) => onText(e.target.value)}
          />
        );
    }
  };

  const groups = [...new Set(fields.map((f) => f.group ?? ''))];
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {description ? <div className="text-sm text-stone-600">{description}</div> : null}
      </div>
      {groups.map((group) => (
        <fieldset key={group || 'main'} className="space-y-3">
          {group ? <legend className="text-sm font-semibold text-stone-700">{group}</legend> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {fields
              .filter((f) => (f.group ?? '') === group)
              .map((f) =>
                f.kind === 'checkbox' ? (
                  <label
                    key={f.path}
                    className="flex items-center gap-2 text-sm text-stone-800 sm:col-span-2"
                  >
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={draft[f.path] === true}
                      disabled={!canEdit || busy}
                      onChange={(e) => setDraft((d) => ({ ...d, [f.path]: e.target.checked }))}
                    />
                    {f.label}
                  </label>
                ) : (
                  <FormField
                    key={f.path}
                    id={`${id}-${f.path.replace('.', '-')}`}
                    label={f.label}
                    hint={f.hint}
                    error={errors[f.path] ?? null}
                  >
                    {control(f)}
                  </FormField>
                ),
              )}
          </div>
        </fieldset>
      ))}
      {children}
      {failure ? (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p>{failure}</p>
          {stale ? (
            <button type="button" className={buttonClass.secondary} onClick={() => void reload()}>
              {t('reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      {canEdit ? (
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t('saving') : t('save')}
        </button>
      ) : (
        <p className="text-sm text-stone-500">{t('readOnly')}</p>
      )}
    </form>
  );
}
