'use client';

import { type ReactNode, useState } from 'react';
import { useTranslations } from '../../i18n/client';

export interface GalleryPicture {
  src: string;
  alt: string;
}

/** A picture as the server drew it (`ProductImage`): large, and as a thumbnail. */
export interface DrawnPicture {
  src: string;
  main: ReactNode;
  thumb: ReactNode;
}

/**
 * The product's pictures: the main one large, the rest as thumbnails that swap it. The first
 * picture is server-rendered and eager (it is the page's largest paint); thumbnails are lazy.
 * The server draws every picture (`ProductImage`, see the product page) and this island only
 * chooses which is shown: no image code reaches the browser with it. `placeholder` is the
 * product without any picture.
 */
export function Gallery({ pictures, placeholder }: { pictures: DrawnPicture[]; placeholder: ReactNode }) {
  const t = useTranslations('ProductPage');
  const [shown, setShown] = useState(0);
  const main = pictures[shown] ?? pictures[0];
  return (
    <div className="flex flex-col gap-3">
      {main ? main.main : placeholder}
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
                {p.thumb}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
