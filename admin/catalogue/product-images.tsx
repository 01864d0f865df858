import { IMAGE_FOLDERS } from '@qahwa/schema';
import { useTranslations } from 'next-intl';
import { adminImageSrc } from '@/lib/image-src';
import { ImageUploader } from './image-uploader';

/**
 * The product form's "Images" section: the pictures in order (the first is the product's main
 * one), each can become the main one or be removed; more are uploaded with the uploader.
 */
export function ProductImages({
  images,
  onChange,
  error,
  canEdit,
  onUploaded,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error: string | undefined;
  canEdit: boolean;
  onUploaded: (url: string) => void;
}) {
  const t = useTranslations('Products');
  return (
    <>
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={t('images')}>
          {images.map((url, i) => (
            <li key={url} className="relative w-28 space-y-1 text-center">
              {/* biome-ignore lint/performance/noImgElement: a preview of the uploaded file as it is */}
              <img
                src={adminImageSrc(url)}
                alt={t('imageN', { n: i + 1 })}
                className="size-28 rounded-md border border-stone-200 object-cover"
              />
              {i === 0 ? (
                <span className="block text-xs font-medium text-coffee-800">{t('mainImage')}</span>
              ) : null}
              <div className="flex justify-center gap-1">
                {i > 0 ? (
                  <button
                    type="button"
                    className="text-xs text-coffee-800 underline"
                    onClick={() => onChange([url, ...images.filter((u) => u !== url)])}
                  >
                    {t('makeMain')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="text-xs text-red-700 underline"
                  onClick={() => onChange(images.filter((u) => u !== url))}
                >
                  {t('removeImage')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-500">{t('noImages')}</p>
      )}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {canEdit ? (
        <ImageUploader
          folder={images.length === 0 ? IMAGE_FOLDERS.product : IMAGE_FOLDERS.gallery}
          label={t('addImages')}
          onUploaded={onUploaded}
        />
      ) : null}
    </>
  );
}
