import { getImageProps } from 'next/image';
import { ImagePlaceholder } from './image-placeholder';
import { Picture } from './picture';

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
 * A product picture, with the placeholder when the URL is missing or fails (SPEC 8).
 *
 * No 'use client': in a server component the optimiser's attributes are worked out on the
 * server (`getImageProps`) and only the small `Picture` island reaches the browser. Client
 * islands that draw pictures from the shopper's own data (the cart, the wishlist) import it too
 * and compute them in the browser. While a picture loads, its box shows `bg-coffee-100`, the
 * card's own warm colour, so nothing jumps when it arrives.
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
  if (!src) return <ImagePlaceholder name={alt} className={className} />;
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes: sizes ?? `${width}px`,
    unoptimized: !isOwnPicture(src),
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager ? 'high' : 'auto',
    className: `bg-coffee-100 object-cover ${className}`,
  });
  return <Picture key={src} img={props} name={alt} className={className} />;
}
