import { describe, expect, it } from 'vitest';
import { adminImageSrc } from '@/lib/image-src';

describe('adminImageSrc: where the back office loads a picture from', () => {
  it('takes an upload the gateway serves through the /backend/api proxy', () => {
    expect(adminImageSrc('/api/uploads/files/products/a.webp')).toBe(
      '/backend/api/uploads/files/products/a.webp',
    );
  });

  it('takes the storefront’s own files (the seed’s packshots) through /backend/images', () => {
    expect(adminImageSrc('/images/products/brazil-santos/1.webp')).toBe(
      '/backend/images/products/brazil-santos/1.webp',
    );
  });

  it('leaves a provider’s absolute address and look-alike paths alone', () => {
    const cloudinary = 'https://res.cloudinary.com/qahwa/image/upload/v1/products/a.jpg';
    expect(adminImageSrc(cloudinary)).toBe(cloudinary);
    expect(adminImageSrc('/imagesx/a.png')).toBe('/imagesx/a.png');
    expect(adminImageSrc('/apix/a.png')).toBe('/apix/a.png');
  });
});
