'use client';

import type { ReturnableLine, ReturnView } from '@qahwa/schema/returns';
import { RETURN_MESSAGES, RETURN_NOTE_MAX, RETURN_REASONS, returnReasonLabel } from '@qahwa/schema/returns';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { FieldError, SelectField, TextField } from '@/checkout/fields';
import { useLocale, useTranslations } from '@/i18n/client';
import { uploadReturnPhoto } from './photo-upload';
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
 * optional note and photo. Errors show under their field in the shopper's language, the gateway's
 * own refusal above the button; nothing typed is lost on a refusal.
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
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
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

  async function pickPhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    change({ ...draft, photoBusy: true, photoUrl: null }, 'photo');
    const outcome = await uploadReturnPhoto(token, file, locale);
    if (outcome.ok) {
      setDraft((d) => ({ ...d, photoBusy: false, photoUrl: outcome.url }));
      setPhotoPreview(outcome.url);
    } else {
      setDraft((d) => ({ ...d, photoBusy: false, photoUrl: null }));
      setPhotoPreview(null);
      setErrors((er) => ({ ...er, photo: outcome.message }));
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function removePhoto() {
    change({ ...draft, photoUrl: null }, 'photo');
    setPhotoPreview(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const checked = requestOf(draft, lines);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([f, err]) => [f, words(err)])));
      const first = (['lines', 'reason', 'note', 'photo'] as const).find((f) => checked.errors[f]);
      document.getElementById(first === 'lines' ? 'return-lines' : `return-${first}`)?.focus();
      return;
    }
    setSending(true);
    setRefusal(null);
    const answer = await requestReturn(token, checked.body);
    setSending(false);
    if (answer.ok) {
      setDraft(EMPTY_DRAFT);
      setPhotoPreview(null);
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

      <div>
        <label htmlFor="return-photo" className="mb-1 block text-sm font-medium text-coffee-900">
          {t('photo')}
        </label>
        <input
          ref={fileInput}
          id="return-photo"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={errors.photo ? 'return-photo-hint return-photo-error' : 'return-photo-hint'}
          aria-invalid={errors.photo ? true : undefined}
          disabled={draft.photoBusy}
          onChange={(e) => void pickPhoto(e)}
          className="block w-full text-sm text-coffee-800 file:me-3 file:rounded-lg file:border-0 file:bg-coffee-100 file:px-3 file:py-2 file:text-coffee-900"
        />
        <p id="return-photo-hint" className="mt-1 text-xs text-coffee-600">
          {t('photoHint')}
        </p>
        <p role="status" aria-live="polite" className="text-xs text-coffee-700">
          {draft.photoBusy ? t('photoUploading') : draft.photoUrl ? t('photoAdded') : ''}
        </p>
        {photoPreview && draft.photoUrl ? (
          <div className="mt-2 flex items-center gap-3">
            {/* biome-ignore lint/performance/noImgElement: the shopper's own upload, shown as sent (next/image is kept off the storefront). */}
            <img src={photoPreview} alt={t('photoAlt')} className="size-20 rounded-md object-cover" />
            <button type="button" onClick={removePhoto} className="text-sm text-coffee-800 underline">
              {t('photoRemove')}
            </button>
          </div>
        ) : null}
        <FieldError id="return-photo-error" message={errors.photo} />
      </div>

      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending || draft.photoBusy}
        className="w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300 sm:w-auto"
      >
        {sending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
