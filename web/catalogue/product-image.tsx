'use client';

import Image from 'next/image';
import { useEffect, useRef, useState } from 'react';
import { productInitial } from './display';

/**
 * A warm, flat block shown while a picture loads (next/image's `placeholder`): the card keeps
 * its size and colour, so nothing jumps when the picture arrives.
 */
const LOADING_PLACEHOLDER =
  'data:image/svg+xml;charset=utf-8,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 8 8%22%3E%3Crect width=%228%22 height=%228%22 fill=%22%23f2e8de%22/%3E%3C/svg%3E';

/**
 * Our own pictures (a path on this origin) go through next/image's optimiser — which serves
 * SVG packshots as they are and raster uploads resized for `sizes`. A picture on another host
 * (a Cloudinary upload) is shown as it is: the optimiser only fetches hosts listed in
 * next.config, and an unlisted one would break the page instead of the picture.
 */
function isOwnPicture(src: string): boolean {
  // Staff's uploads (`/api/uploads/files/…`) are on this origin only through the proxy, which the
  // optimiser's own fetch does not take; they are already content-addressed and cached for a
  // year by the gateway, so they are shown as they are.
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/api/');
}

/**
 * A product picture, with the placeholder when the URL is missing or fails (SPEC 8). The effect
 * catches a picture that failed before hydration attached onError.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  sizes,
  className = '',
  eager = false,
}: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  /** How wide the picture is drawn, for the optimiser's choice of file; default: `width` pixels. */
  sizes?: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (src && img?.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);

  // Keyed by the URL: a gallery that switches to another picture tries it afresh.
  if (!src || failed === src) return <ImagePlaceholder name={alt} className={className} />;
  return (
    <Image
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes ?? `${width}px`}
      unoptimized={!isOwnPicture(src)}
      placeholder={LOADING_PLACEHOLDER}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailed(src)}
      className={`bg-coffee-100 object-cover ${className}`}
    />
  );
}

/** A coffee-bean mark on a warm block with the product's initial. */
export function ImagePlaceholder({ name, className = '' }: { name: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={name}
      className={`relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-coffee-200 to-coffee-400 ${className}`}
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" className="absolute h-3/5 w-3/5 text-coffee-700/25">
        <ellipse cx="32" cy="32" rx="20" ry="28" fill="currentColor" transform="rotate(30 32 32)" />
        <path
          d="M22 12c10 8 10 32 20 40"
          stroke="var(--color-coffee-100)"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          transform="rotate(30 32 32)"
        />
      </svg>
      <span aria-hidden="true" className="relative text-4xl font-semibold text-coffee-50">
        {productInitial(name)}
      </span>
    </div>
  );
}
