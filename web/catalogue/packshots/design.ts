/**
 * SVG packshots for the seed catalogue: a picture per product (its pack, in its own colours), a
 * close-up of what is inside, and one per variation (the pack at its weight, banded with its
 * addition, marked with its beans). Pure string building: the generator writes the files and a
 * test checks the committed files are what this draws.
 *
 * No words are drawn (a picture serves both languages); only the brand, which is a name, and the
 * weight, which is a number and a unit.
 */

import { PRODUCT_ART, type ProductArt, type VariationArt } from './art';
import { bean, brand, date, frame, n, pistachio } from './marks';
import { pack } from './packs';

export type { Filling, PackKind, Palette, ProductArt, VariationArt } from './art';
export { PRODUCT_ART };

/** The product's main picture. */
export function packshotSvg(art: ProductArt): string {
  return frame(art.palette, pack(art, null));
}

/** A variation's picture: the same pack at its weight, with its addition and beans. */
export function variationSvg(art: ProductArt, v: VariationArt): string {
  return frame(art.palette, pack(art, v));
}

/** The close-up: what is inside, scattered on the backdrop, under a ring of the pack's colour. */
export function detailSvg(art: ProductArt): string {
  const p = art.palette;
  let items = '';
  // A fixed scatter (golden-angle spiral): the same picture on every run.
  for (let i = 0; i < 34; i++) {
    const r = 40 + Math.sqrt(i) * 50;
    const t = i * 2.39996;
    const x = 400 + r * Math.cos(t);
    const y = 400 + r * Math.sin(t) * 0.9;
    const rot = (i * 47) % 180;
    switch (art.filling) {
      case 'beans':
        items += bean(
          x,
          y,
          26,
          rot,
          i % 5 === 0 ? p.shade : '#4a2c1a',
          art.palette.body === '#2d6a4f' && i % 2 === 0,
        );
        break;
      case 'grounds':
        items += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(6 + (i % 4) * 3)}" fill="#3b2416" opacity=".85"/>`;
        break;
      case 'capsules':
        items += `<circle cx="${n(x)}" cy="${n(y)}" r="30" fill="${i % 3 ? p.body : p.accent}"/><circle cx="${n(x)}" cy="${n(y)}" r="18" fill="${p.shade}"/>`;
        break;
      case 'dates':
        items += date(Math.round(x), Math.round(y), rot, p);
        break;
      case 'pistachios':
        items += pistachio(Math.round(x), Math.round(y), rot, p);
        break;
      case 'gift':
        items +=
          i % 2
            ? bean(x, y, 22, rot, '#4a2c1a')
            : date(Math.round(x), Math.round(y), rot, { ...p, body: '#7a3e1d', shade: '#5a2b12' });
        break;
    }
  }
  return frame(
    p,
    `<circle cx="400" cy="400" r="330" fill="${p.body}" opacity=".16"/>` +
      `<circle cx="400" cy="400" r="330" fill="none" stroke="${p.accent}" stroke-width="10" opacity=".7"/>` +
      items +
      `<circle cx="400" cy="400" r="70" fill="${p.label}" stroke="${p.accent}" stroke-width="6"/>` +
      brand(400, 410, p.shade, 30),
  );
}
