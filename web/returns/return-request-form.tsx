'use client';

import type { ReturnableLine, ReturnView } from '@qahwa/schema/returns';
import { RETURN_MESSAGES, RETURN_NOTE_MAX, RETURN_REASONS, returnReasonLabel } from '@qahwa/schema/returns';
import { type FormEvent, useState } from 'react';
import { FieldError, SelectField, TextField } from '@/checkout/fields';
import { useLocale, useTranslations } from '@/i18n/client';
import {
  type DraftError,
  type DraftField,
  EMPTY_DRAFT,
  offeredLines,
  type ReturnDraft,
  requestOf,
  setQuantity,
  toggleLine,
  variationOf,
} from './return-draft';
import { requestReturn } from './returns-api';

/**
 * The shopper's return request (docs/returns.md): the lines and how many of each, a reason, an
 * optional note. Errors show under their field in the shopper's language, the gateway's own refusal
 * above the button; nothing typed is lost on a refusal. No photo: the gateway has no upload a
 * shopper may use (docs/returns.md "Photos"), so the form does not offer one that cannot work.
 */
export function ReturnRequestForm({
  token,
  lines,
  onRequested,
  onRefused,
}: {
  token: string;
  lines: readonly ReturnableLine[];
  onRequested: (view: ReturnView) => void;
  /** The gateway said no: what it knows may have changed (a return made by an earlier press). */
  onRefused: () => void;
}) {
  const t = useTranslations('ReturnRequest');
  const locale = useLocale();
  const [draft, setDraft] = useState<ReturnDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const offered = offeredLines(lines);
  const held = lines.filter((l) => l.openReturn !== null);

  // "Choose at least one item" is the gateway's own sentence (one wording of each refusal).
  const words = (e: DraftError): string =>
    e === 'noteTooLong'
      ? t('noteTooLong', { max: RETURN_NOTE_MAX })
      : e === 'noLines'
        ? RETURN_MESSAGES['returns.noLines'][locale]
        : t(e);

  function change(next: ReturnDraft, field: DraftField) {
    setDraft(next);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRefusal(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const checked = requestOf(draft, lines);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([f, err]) => [f, words(err)])));
      const first = (['lines', 'reason', 'note'] as const).find((f) => checked.errors[f]);
      document.getElementById(first === 'lines' ? 'return-lines' : `return-${first}`)?.focus();
      return;
    }
    setSending(true);
    setRefusal(null);
    const answer = await requestReturn(token, checked.body);
    setSending(false);
    if (answer.ok) {
      setDraft(EMPTY_DRAFT);
      onRequested(answer.view);
      return;
    }
    setRefusal(answer.network ? t('networkError') : (answer.message ?? t('failed')));
    if (!answer.network) onRefused();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby="return-form-title">
      <h3 id="return-form-title" className="text-base font-semibold text-coffee-900">
        {t('newReturn')}
      </h3>
      <fieldset
        id="return-lines"
        tabIndex={-1}
        aria-describedby={errors.lines ? 'return-lines-error' : undefined}
        className="space-y-2"
      >
        <legend className="mb-2 text-sm font-medium text-coffee-900">{t('chooseLines')}</legend>
        {offered.map((line) => {
          const id = `return-line-${line.orderItemId}`;
          const chosen = line.orderItemId in draft.chosen;
          const name = locale === 'ar' && line.nameAr ? line.nameAr : line.name;
          const variation = variationOf(line.variation);
          return (
            <div
              key={line.orderItemId}
              className={`rounded-lg border p-3 ${chosen ? 'border-coffee-600 bg-coffee-50' : 'border-coffee-200 bg-white'}`}
            >
              <div className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  checked={chosen}
                  onChange={(e) => change(toggleLine(draft, line.orderItemId, e.target.checked), 'lines')}
                  className="mt-1 size-5 shrink-0 accent-coffee-800"
                />
                <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium text-coffee-900">{name}</span>
                  {variation ? <span className="block text-xs text-coffee-600">{variation}</span> : null}
                  <span className="block text-xs text-coffee-600">
                    {t('ofOrdered', { returnable: line.returnable, ordered: line.ordered })}
                  </span>
                </label>
              </div>
              {chosen && line.returnable > 1 ? (
                <div className="mt-2 flex items-center gap-2 ps-8">
                  <label htmlFor={`${id}-qty`} className="text-sm text-coffee-800">
                    {t('quantity')}
                  </label>
                  <select
                    id={`${id}-qty`}
                    value={draft.chosen[line.orderItemId]}
                    onChange={(e) => change(setQuantity(draft, line, Number(e.target.value)), 'lines')}
                    className="rounded-lg border border-coffee-300 bg-white px-2 py-1.5 text-sm"
                  >
                    {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
          );
        })}
        {held.map((line) => (
          <p
            key={line.orderItemId}
            className="rounded-lg border border-dashed border-coffee-200 p-3 text-sm text-coffee-600"
          >
            {locale === 'ar' && line.nameAr ? line.nameAr : line.name}
            {' — '}
            <span dir="auto">{t('inReturn', { number: line.openReturn ?? '' })}</span>
          </p>
        ))}
        <FieldError id="return-lines-error" message={errors.lines} />
      </fieldset>

      <SelectField
        id="return-reason"
        label={t('reason')}
        placeholder={t('reasonPlaceholder')}
        value={draft.reason}
        onChange={(v) => change({ ...draft, reason: v as ReturnDraft['reason'] }, 'reason')}
        error={errors.reason}
      >
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {returnReasonLabel(r, locale)}
          </option>
        ))}
      </SelectField>

      <TextField
        id="return-note"
        label={t('note')}
        hint={t('noteHint', { max: RETURN_NOTE_MAX })}
        multiline
        value={draft.note}
        onChange={(v) => change({ ...draft, note: v }, 'note')}
        error={errors.note}
      />

      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300 sm:w-auto"
      >
        {sending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
