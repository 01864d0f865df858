'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslations } from '@/i18n/client';
import { BackArrow, ForwardArrow } from '@/shell/icons';

export interface Slide {
  id: string;
  title: string;
  subtitle: string;
  /**
   * The campaign's picture, drawn by the server (`ProductImage`), or null: the slider itself
   * carries no image code.
   */
  picture: ReactNode;
  link: string;
}

/** Brand colours for a campaign without a picture, one after another. */
const BACKDROPS = [
  'from-coffee-900 to-coffee-700',
  'from-emerald-900 to-coffee-800',
  'from-red-900 to-coffee-900',
  'from-amber-800 to-coffee-900',
];

/**
 * The campaigns slider: a scroll-snapping row (swipe on a phone, no script needed to move it),
 * with previous/next buttons and a dot per campaign. Nothing moves by itself: a shopper reading
 * a campaign is never interrupted (WCAG 2.2.2).
 */
export function Slider({ slides }: { slides: Slide[] }) {
  const t = useTranslations('Home');
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const list = track.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) setCurrent(Number((e.target as HTMLElement).dataset.index));
        }
      },
      { root: list, threshold: 0.6 },
    );
    for (const child of Array.from(list.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  const go = (index: number) => {
    const list = track.current;
    const target = list?.children[(index + slides.length) % slides.length] as HTMLElement | undefined;
    // scrollIntoView follows the writing direction, so this is the same in Arabic.
    target?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
  };

  return (
    <section aria-roledescription="carousel" aria-label={t('slidesLabel')} className="relative">
      <ul
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
      >
        {slides.map((s, i) => (
          <li
            key={s.id}
            data-index={i}
            aria-roledescription="slide"
            aria-label={t('slideOf', { n: i + 1, total: slides.length })}
            className="relative w-full shrink-0 snap-start"
          >
            <div
              className={`relative flex min-h-56 items-end overflow-hidden bg-gradient-to-br sm:min-h-72 ${BACKDROPS[i % BACKDROPS.length]}`}
            >
              {s.picture ? (
                s.picture
              ) : (
                <svg
                  viewBox="0 0 200 200"
                  aria-hidden="true"
                  className="absolute -end-8 -top-8 h-64 w-64 text-white/10"
                >
                  <ellipse
                    cx="100"
                    cy="100"
                    rx="60"
                    ry="90"
                    fill="currentColor"
                    transform="rotate(30 100 100)"
                  />
                </svg>
              )}
              <div className="relative mx-auto w-full max-w-6xl px-6 py-8 text-white sm:px-10 sm:py-12">
                <h2 className="max-w-xl text-2xl font-bold leading-tight sm:text-4xl">{s.title}</h2>
                {s.subtitle ? <p className="mt-2 max-w-xl text-coffee-100 sm:text-lg">{s.subtitle}</p> : null}
                <a
                  href={s.link}
                  tabIndex={i === current ? 0 : -1}
                  className="mt-5 inline-flex items-center gap-2 rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-coffee-950 hover:bg-amber-400"
                >
                  {t('slideCta')}
                  <ForwardArrow />
                </a>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {slides.length > 1 && (
        <div className="absolute bottom-3 end-4 flex items-center gap-2">
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label={t('previousSlide')}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-coffee-900 shadow hover:bg-white"
          >
            <BackArrow />
          </button>
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              onClick={() => go(i)}
              aria-label={t('goToSlide', { n: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span
                className={`block h-2.5 rounded-full ${i === current ? 'w-5 bg-white' : 'w-2.5 bg-white/60'}`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label={t('nextSlide')}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-coffee-900 shadow hover:bg-white"
          >
            <ForwardArrow />
          </button>
        </div>
      )}
    </section>
  );
}
