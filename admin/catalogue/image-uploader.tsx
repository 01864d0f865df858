'use client';

import type { Locale } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { uploadImage } from './upload';

interface Job {
  id: string;
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
}

/**
 * Several pictures at once (SPEC 7: in parallel), each with its own progress bar and its own
 * error (SPEC 5/8 messages); each finished one is handed to `onUploaded`.
 */
export function ImageUploader({
  folder,
  multiple = true,
  label,
  onUploaded,
  disabled,
}: {
  folder: string;
  multiple?: boolean;
  label: string;
  onUploaded: (url: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('Uploads');
  const locale = useLocale() as Locale;
  const inputId = useId();
  const [jobs, setJobs] = useState<Job[]>([]);

  const update = (id: string, patch: Partial<Job>) =>
    setJobs((all) => all.map((j) => (j.id === id ? { ...j, ...patch } : j)));

  async function start(files: FileList | null) {
    if (!files || files.length === 0) return;
    const batch = [...files].map((file) => ({ file, id: `${file.name}-${Date.now()}-${Math.random()}` }));
    setJobs((all) => [
      ...all.filter((j) => !j.done || j.error),
      ...batch.map(({ file, id }) => ({ id, name: file.name, progress: 0, error: null, done: false })),
    ]);
    await Promise.all(
      batch.map(async ({ file, id }) => {
        const outcome = await uploadImage(file, folder, locale, (p) => update(id, { progress: p }));
        if (outcome.ok) {
          update(id, { progress: 1, done: true });
          onUploaded(outcome.result.secure_url);
        } else {
          update(id, { error: outcome.message, done: true });
        }
      }),
    );
  }

  return (
    <div className="space-y-2">
      <label
        htmlFor={inputId}
        className={`inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-stone-400 bg-stone-50 px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
      >
        {label}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple={multiple}
          disabled={disabled}
          className="sr-only"
          onChange={(e) => {
            void start(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </label>
      <p className="text-xs text-stone-500">{t(multiple ? 'hint' : 'hintOne')}</p>
      {jobs.length > 0 ? (
        <ul className="space-y-2" aria-label={t('progressList')}>
          {jobs.map((job) => (
            <li key={job.id} className="text-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="truncate text-stone-700" dir="ltr">
                  {job.name}
                </span>
                <span className="shrink-0 text-xs text-stone-500">
                  {job.error ? t('failed') : job.done ? t('done') : `${Math.round(job.progress * 100)}%`}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={t('progressOf', { name: job.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(job.progress * 100)}
                className="mt-1 h-1.5 overflow-hidden rounded bg-stone-200"
              >
                <div
                  className={`h-full transition-[width] ${job.error ? 'bg-red-500' : 'bg-coffee-700'}`}
                  style={{ width: `${Math.round((job.error ? 1 : job.progress) * 100)}%` }}
                />
              </div>
              {job.error ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {job.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
