'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProductImage } from '../product-image';

export interface GalleryPicture {
  src: string;
  alt: string;
}

/**
 * The product's pictures: the main one large, the rest as thumbnails that swap it. The first
 * picture is server-rendered and eager (it is the page's largest paint); thumbnails are lazy.
 */
export function Gallery({ pictures, name }: { pictures: GalleryPicture[]; name: string }) {
  const t = useTranslations('ProductPage');
  const [shown, setShown] = useState(0);
  const main = pictures[shown] ?? pictures[0];
  return (
    <div className="flex flex-col gap-3">
      <ProductImage
        src={main?.src ?? null}
        alt={main?.alt ?? name}
        width={640}
        height={640}
        sizes="(min-width: 1152px) 552px, (min-width: 768px) 50vw, 100vw"
        eager
        className="aspect-square w-full rounded-2xl"
      />
      {pictures.length > 1 && (
        <ul aria-label={t('gallery')} className="flex gap-2 overflow-x-auto pb-1">
          {pictures.map((p, i) => (
            <li key={p.src} className="shrink-0">
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-label={t('showPicture', { n: i + 1, total: pictures.length })}
                aria-pressed={i === shown}
                className={`block overflow-hidden rounded-lg border-2 ${
                  i === shown ? 'border-coffee-800' : 'border-transparent hover:border-coffee-300'
                }`}
              >
                <ProductImage
                  src={p.src}
                  alt=""
                  width={72}
                  height={72}
                  className="h-16 w-16 sm:h-18 sm:w-18"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
