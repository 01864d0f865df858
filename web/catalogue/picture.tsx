'use client';

import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { ImagePlaceholder } from './image-placeholder';

/**
 * A product picture as a plain `<img>` whose attributes (optimiser URLs, `srcSet`, `sizes`) were
 * worked out by `ProductImage` — on the server for server components — with the placeholder when
 * the file fails (SPEC 8). The effect catches a picture that failed before hydration attached
 * onError. This island is all the browser loads for a picture: next/image's component and
 * loader were 8 KB of every page with a product on it (docs/performance.md: 150 KB per route).
 */
export function Picture({
  img,
  name,
  className,
}: {
  img: ImgHTMLAttributes<HTMLImageElement>;
  /** The product's name, for the placeholder's accessible name. */
  name: string;
  className: string;
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const ref = useRef<HTMLImageElement>(null);
  const src = typeof img.src === 'string' ? img.src : undefined;

  useEffect(() => {
    const el = ref.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(src);
  }, [src]);

  // Keyed by the URL: a gallery that switches to another picture tries it afresh.
  if (failed !== undefined && failed === src) return <ImagePlaceholder name={name} className={className} />;
  // biome-ignore lint/a11y/useAltText: alt is in img (getImageProps passes the caller's alt through).
  // biome-ignore lint/performance/noImgElement: the attributes are next/image's own, from getImageProps.
  return <img ref={ref} {...img} onError={() => setFailed(src)} />;
}
