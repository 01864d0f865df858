'use client';

import type { AdminSlider, SliderWrite } from '@qahwa/schema/contracts';
import { IMAGE_FOLDERS } from '@qahwa/schema/validation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ImageUploader } from '@/catalogue/image-uploader';
import { adminImageSrc } from '@/lib/image-src';
import { DataTable } from '@/ui/data-table';
import { FormField } from '@/ui/form-field';

const input = 'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900';
const EMPTY: SliderWrite = {
  title: '',
  titleAr: '',
  subtitle: '',
  subtitleAr: '',
  imageUrl: null,
  link: '/shop',
  sortOrder: 0,
  isActive: true,
};
/** A storefront path, never another host (the server checks the same). */
const LINK = /^\/(?!\/)[A-Za-z0-9/_?=&.-]{0,200}$/;

/** One slider's form: bilingual title and subtitle, its picture by upload, link, order, active. */
export function SliderForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: SliderWrite;
  onSubmit: (body: SliderWrite) => Promise<string | null>;
  onCancel: () => void;
}) {
  const t = useTranslations('Content');
  const [v, setV] = useState<SliderWrite>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<SliderWrite>) => setV((s) => ({ ...s, ...patch }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.title.trim() || !v.titleAr.trim()) return setError(t('titleRequired'));
    if (!LINK.test(v.link)) return setError(t('linkInvalid'));
    const problem = await onSubmit({ ...v, imageUrl: v.imageUrl?.trim() ? v.imageUrl.trim() : null });
    setError(problem);
    if (!problem) onCancel();
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-md border border-stone-200 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="slider-title" label={t('sliderTitle')} required>
          <input
            className={input}
            dir="ltr"
            value={v.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        </FormField>
        <FormField id="slider-title-ar" label={t('sliderTitleAr')} required>
          <input
            className={input}
            dir="rtl"
            value={v.titleAr}
            onChange={(e) => set({ titleAr: e.target.value })}
          />
        </FormField>
        <FormField id="slider-subtitle" label={t('sliderSubtitle')}>
          <input
            className={input}
            dir="ltr"
            value={v.subtitle}
            onChange={(e) => set({ subtitle: e.target.value })}
          />
        </FormField>
        <FormField id="slider-subtitle-ar" label={t('sliderSubtitleAr')}>
          <input
            className={input}
            dir="rtl"
            value={v.subtitleAr}
            onChange={(e) => set({ subtitleAr: e.target.value })}
          />
        </FormField>
        <div className="space-y-2 sm:col-span-2">
          <span className="block text-sm font-medium text-stone-800">{t('sliderImage')}</span>
          {v.imageUrl ? (
            <div className="flex items-center gap-3">
              {/* biome-ignore lint/performance/noImgElement: a preview of the uploaded file as it is */}
              <img
                src={adminImageSrc(v.imageUrl)}
                alt={t('sliderImagePreview')}
                className="h-20 w-40 rounded object-cover"
              />
              <button
                type="button"
                className="text-sm text-red-700 underline"
                onClick={() => set({ imageUrl: null })}
              >
                {t('removeImage')}
              </button>
            </div>
          ) : (
            <p className="text-xs text-stone-500">{t('sliderImageHint')}</p>
          )}
          {/* The same uploader as products and categories: SPEC 5's checks and messages, into SPEC 7's sliders folder. */}
          <ImageUploader
            folder={IMAGE_FOLDERS.slider}
            multiple={false}
            label={t('chooseImage')}
            onUploaded={(url) => set({ imageUrl: url })}
          />
        </div>
        <FormField id="slider-link" label={t('sliderLink')} required>
          <input className={input} dir="ltr" value={v.link} onChange={(e) => set({ link: e.target.value })} />
        </FormField>
        <FormField id="slider-order" label={t('sliderOrder')}>
          <input
            className={input}
            type="number"
            min="0"
            step="1"
            dir="ltr"
            value={v.sortOrder}
            onChange={(e) => set({ sortOrder: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
          />
        </FormField>
        <label className="flex items-center gap-2 self-end text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-4"
            checked={v.isActive}
            onChange={(e) => set({ isActive: e.target.checked })}
          />
          {t('sliderActive')}
        </label>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white">
          {t('saveSlider')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-stone-300 px-4 py-2 text-sm"
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The home page's sliders: bilingual title, image, link, order, active. */
export function SlidersSection({
  sliders,
  canEdit,
  onCreate,
  onUpdate,
  onRemove,
}: {
  sliders: AdminSlider[];
  canEdit: boolean;
  onCreate: (body: SliderWrite) => Promise<string | null>;
  onUpdate: (s: AdminSlider, body: SliderWrite) => Promise<string | null>;
  onRemove: (s: AdminSlider) => Promise<string | null>;
}) {
  const t = useTranslations('Content');
  const locale = useLocale();
  const [editing, setEditing] = useState<AdminSlider | 'new' | null>(null);
  const columns = [
    { key: 'title', header: t('sliderTitle') },
    { key: 'link', header: t('sliderLink') },
    { key: 'order', header: t('sliderOrder') },
    { key: 'status', header: t('status') },
    { key: 'actions', header: <span className="sr-only">{t('actions')}</span> },
  ];
  return (
    <section
      aria-labelledby="sliders-heading"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="sliders-heading" className="text-lg font-semibold text-stone-900">
          {t('slidersTitle')}
        </h2>
        {canEdit && editing === null ? (
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium"
          >
            {t('newSlider')}
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <SliderForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? EMPTY : editing}
          onSubmit={(body) => (editing === 'new' ? onCreate(body) : onUpdate(editing, body))}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <DataTable
        caption={t('slidersTitle')}
        columns={columns}
        state={{ status: 'ready', empty: sliders.length === 0 }}
        loadingLabel={t('loading')}
        empty={{ title: t('noSliders') }}
      >
        {sliders.map((s) => (
          <tr key={s.id}>
            <th scope="row" className="px-4 py-2 text-start font-medium text-stone-900">
              {locale === 'ar' ? s.titleAr : s.title}
            </th>
            <td className="px-4 py-2">
              <span dir="ltr">{s.link}</span>
            </td>
            <td className="px-4 py-2">{s.sortOrder}</td>
            <td className="px-4 py-2">{s.isActive ? t('active') : t('inactive')}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              {canEdit ? (
                <>
                  <button
                    type="button"
                    className="rounded px-2 py-1 text-sm font-medium text-coffee-800 hover:bg-stone-100"
                    onClick={() => setEditing(s)}
                  >
                    {t('edit')}
                  </button>
                  <button
                    type="button"
                    className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-stone-100"
                    onClick={() => void onRemove(s)}
                  >
                    {t('delete')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
