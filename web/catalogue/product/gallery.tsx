import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

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

const ID = 'gallery';
const radioId = (i: number) => `${ID}-${i}`;
const slideId = (i: number) => `${ID}-slide-${i}`;

/**
 * The rules that show the chosen picture: radio i checked shows slide i and marks thumbnail i.
 * Sibling combinators (`~`) rather than `:has()`, which some browsers Next still supports lack.
 * Generated for this product's count, so any number of pictures works.
 */
export function galleryCss(count: number): string {
  const rules: string[] = [];
  for (let i = 0; i < count; i++) {
    const radio = `#${radioId(i)}`;
    rules.push(
      `${radio}:checked~div #${slideId(i)}{display:block}`,
      `${radio}:checked~ul label[for=${radioId(i)}]{border-color:var(--color-coffee-800)}`,
      `${radio}:focus-visible~ul label[for=${radioId(i)}]{outline:2px solid var(--color-coffee-700);outline-offset:2px}`,
    );
  }
  return rules.join('');
}

/**
 * The product's pictures: the chosen one large, every one as a thumbnail that chooses it.
 * No client code (the 150 KB per route budget): the server draws every picture and a radio per
 * picture, and CSS shows the slide of the checked radio. The radios are the keyboard's and the
 * screen reader's control (one tab stop, arrow keys, "Show picture 2 of 3"); the thumbnails are
 * their labels, for a finger or a mouse, and hidden from the accessibility tree as duplicates.
 * The first picture is eager (the page's largest paint); the others are lazy, so a hidden slide
 * is fetched only once it is chosen. Each picture keeps its own fallback (`Picture`, SPEC 8).
 * Key it by the product: a radio checked on one product must not carry over to the next.
 */
export function Gallery({ pictures, placeholder }: { pictures: DrawnPicture[]; placeholder: ReactNode }) {
  const t = useTranslations('ProductPage');
  const [first] = pictures;
  if (!first) return <div>{placeholder}</div>;
  if (pictures.length === 1) return <div>{first.main}</div>;
  return (
    // A fieldset's min-inline-size is its content's by default: min-w-0 lets the thumbnails scroll.
    <fieldset id={ID} className="relative flex min-w-0 flex-col gap-3">
      <legend className="sr-only">{t('gallery')}</legend>
      <style>{galleryCss(pictures.length)}</style>
      {pictures.map((p, i) => (
        <input
          key={p.src}
          type="radio"
          name={ID}
          id={radioId(i)}
          defaultChecked={i === 0}
          aria-label={t('showPicture', { n: i + 1, total: pictures.length })}
          className="sr-only"
        />
      ))}
      <div>
        {pictures.map((p, i) => (
          <div key={p.src} id={slideId(i)} className="hidden">
            {p.main}
          </div>
        ))}
      </div>
      <ul aria-hidden="true" className="flex gap-2 overflow-x-auto pb-1">
        {pictures.map((p, i) => (
          <li key={p.src} className="shrink-0">
            <label
              htmlFor={radioId(i)}
              className="block cursor-pointer overflow-hidden rounded-lg border-2 border-transparent hover:border-coffee-300"
            >
              {p.thumb}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
