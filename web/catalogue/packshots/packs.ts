import { PRODUCT_ART, type ProductArt, type VariationArt } from './art';
import { bean, beanMark, brand, date, n, pistachio, weightText } from './marks';

/** Each kind of pack, drawn at a variation's weight (with its addition's band and its beans) or plain. */

/** Pack scale by weight, so 1 kg looks bigger than 250 g beside it. */
const SCALE: Record<string, number> = { '250g': 0.8, '500g': 0.9, '1kg': 1 };
/** The band an addition paints across the pack. */
const ADDITION_BAND: Record<string, string> = {
  Normal: '',
  Cardamom: '#7fa34a',
  'Saffron & Cardamom': '#e0912b',
};

/** A stand-up pouch with a crimped top, a valve and a label. */
function pouch(a: ProductArt, v: VariationArt | null): string {
  const p = a.palette;
  const s = v ? (SCALE[v.size] ?? 1) : 1;
  const w = 320 * s;
  const h = 440 * s;
  const x = 400 - w / 2;
  const y = 690 - h;
  const band = v?.type ? ADDITION_BAND[v.type] : '';
  const labelY = y + h * 0.38;
  const labelH = h * 0.42;
  return (
    `<path d="M${n(x + 12)} ${n(y)}H${n(x + w - 12)}L${n(x + w)} ${n(y + h - 20)}Q${n(x + w)} ${n(y + h)} ${n(x + w - 20)} ${n(y + h)}` +
    `H${n(x + 20)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - 20)}Z" fill="${p.body}"/>` +
    `<rect x="${n(x + 12)}" y="${n(y)}" width="${n(w - 24)}" height="${n(26 * s)}" fill="${p.shade}"/>` +
    `<path d="M${n(x + 12)} ${n(y + 26 * s)}h${n(w - 24)}" stroke="${p.label}" stroke-opacity=".5" stroke-dasharray="6 6" stroke-width="3"/>` +
    `<circle cx="${n(400)}" cy="${n(y + 70 * s)}" r="${n(14 * s)}" fill="${p.shade}" stroke="${p.label}" stroke-opacity=".6" stroke-width="3"/>` +
    (band
      ? `<rect x="${n(x + 2)}" y="${n(labelY - 34 * s)}" width="${n(w - 4)}" height="${n(22 * s)}" fill="${band}"/>`
      : '') +
    `<rect x="${n(x + 30 * s)}" y="${n(labelY)}" width="${n(w - 60 * s)}" height="${n(labelH)}" rx="${n(18 * s)}" fill="${p.label}"/>` +
    brand(400, Math.round(labelY + 50 * s), p.shade, Math.round(34 * s)) +
    beanMark(
      v?.beans ?? (a.filling === 'beans' ? 'Arabica' : 'House Blend'),
      400,
      labelY + labelH * 0.55,
      p.accent,
    ) +
    (v ? weightText(400, Math.round(labelY + labelH - 18 * s), v.size, p.shade) : '') +
    `<path d="M${n(x + 12)} ${n(y)}H${n(x + w - 12)}L${n(x + w)} ${n(y + h - 20)}Q${n(x + w)} ${n(y + h)} ${n(x + w - 20)} ${n(y + h)}` +
    `H${n(x + 20)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - 20)}Z" fill="url(#sheen)"/>`
  );
}

/** Ground coffee: a flat-bottom tin with a lid and a scoop of grounds beside it. */
function groundTin(a: ProductArt, v: VariationArt | null): string {
  const p = a.palette;
  const s = v ? (SCALE[v.size] ?? 1) : 1;
  const w = 300 * s;
  const h = 400 * s;
  const x = 380 - w / 2;
  const y = 690 - h;
  const band = v?.type ? ADDITION_BAND[v.type] : '';
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="16" fill="${p.body}"/>` +
    `<rect x="${n(x - 8)}" y="${n(y - 18)}" width="${n(w + 16)}" height="40" rx="10" fill="${p.shade}"/>` +
    (band
      ? `<rect x="${n(x)}" y="${n(y + 40)}" width="${n(w)}" height="${n(20 * s)}" fill="${band}"/>`
      : '') +
    `<rect x="${n(x + 24)}" y="${n(y + h * 0.3)}" width="${n(w - 48)}" height="${n(h * 0.5)}" rx="12" fill="${p.label}"/>` +
    brand(Math.round(x + w / 2), Math.round(y + h * 0.3 + 48 * s), p.body, Math.round(32 * s)) +
    `<circle cx="${n(x + w / 2)}" cy="${n(y + h * 0.55)}" r="${n(36 * s)}" fill="${p.accent}"/>` +
    `<circle cx="${n(x + w / 2)}" cy="${n(y + h * 0.55)}" r="${n(20 * s)}" fill="${p.body}"/>` +
    (v ? weightText(Math.round(x + w / 2), Math.round(y + h * 0.8 - 16 * s), v.size, p.body) : '') +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="16" fill="url(#sheen)"/>` +
    // the scoop of grounds
    `<path d="M560 690q60-70 120 0z" fill="#3b2416"/><path d="M545 690h150" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`
  );
}

/** A sleeve of ten capsules: a box, and three capsules in front. */
function capsuleBox(a: ProductArt, v: VariationArt | null): string {
  const p = a.palette;
  let capsules = '';
  for (let i = 0; i < 3; i++) {
    const cx = 300 + i * 100;
    capsules +=
      `<path d="M${cx - 40} 640h80l-14 52h-52z" fill="${p.accent}"/>` +
      `<ellipse cx="${cx}" cy="640" rx="44" ry="12" fill="${p.shade}"/>` +
      `<ellipse cx="${cx}" cy="640" rx="30" ry="7" fill="${p.accent}" opacity=".6"/>`;
  }
  return (
    `<path d="M230 230h340l40 30v340H270l-40-30z" fill="${p.shade}"/>` +
    `<rect x="230" y="230" width="340" height="340" rx="8" fill="${p.body}"/>` +
    `<rect x="260" y="280" width="280" height="150" rx="14" fill="${p.label}"/>` +
    brand(400, 335, p.body, 36) +
    `<g fill="${p.accent}">${Array.from({ length: 10 }, (_, i) => `<circle cx="${290 + (i % 5) * 55}" cy="${372 + Math.floor(i / 5) * 34}" r="11"/>`).join('')}</g>` +
    (v ? weightText(400, 520, v.size, p.label) : '') +
    `<rect x="230" y="230" width="340" height="340" rx="8" fill="url(#sheen)"/>` +
    capsules
  );
}

/** A glass jar filled with dates or pistachios. */
function jar(a: ProductArt, v: VariationArt | null): string {
  const p = a.palette;
  const s = v ? (SCALE[v.size] ?? 1) : 1;
  const w = 300 * s;
  const h = 380 * s;
  const x = 400 - w / 2;
  const y = 690 - h;
  let fill = '';
  const rows = Math.floor((h - 70) / 44);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < Math.floor(w / 60); c++) {
      const fx = x + 34 + c * 60 + (r % 2) * 20;
      const fy = y + h - 40 - r * 44;
      if (fx > x + w - 30) continue;
      fill +=
        a.filling === 'dates'
          ? date(fx, fy, ((r * 37 + c * 53) % 80) - 40, p)
          : pistachio(fx, fy, ((r * 41 + c * 29) % 90) - 45, p);
    }
  }
  return (
    `<rect x="${n(x)}" y="${n(y + 50)}" width="${n(w)}" height="${n(h - 50)}" rx="36" fill="#ffffff" opacity=".55" stroke="#c9c1b6" stroke-width="4"/>` +
    fill +
    `<rect x="${n(x + 20)}" y="${n(y + 14)}" width="${n(w - 40)}" height="48" rx="10" fill="${p.accent}"/>` +
    `<rect x="${n(x + 40)}" y="${n(y + h * 0.42)}" width="${n(w - 80)}" height="${n(110 * s)}" rx="12" fill="${p.label}" opacity=".95"/>` +
    brand(400, Math.round(y + h * 0.42 + 44 * s), p.shade, Math.round(32 * s)) +
    (v ? weightText(400, Math.round(y + h * 0.42 + 88 * s), v.size, p.shade) : '') +
    `<path d="M${n(x + 22)} ${n(y + 80)}v${n(h - 130)}" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".6"/>`
  );
}

/** A dallah: the long-spouted Arabic coffee pot. */
function dallah(a: ProductArt): string {
  const p = a.palette;
  return (
    `<path d="M330 690h140l-10-40q60-90 20-190-20-40-20-80h-130q0 40-20 80-40 100 20 190z" fill="${p.body}"/>` +
    `<path d="M355 380q45-20 90 0l-8-40h-74z" fill="${p.shade}"/>` +
    `<path d="M372 340q28-70 56 0z" fill="${p.body}"/><circle cx="400" cy="268" r="12" fill="${p.shade}"/>` +
    `<path d="M340 470q-90-40-150-190l-20 6q40 160 160 214z" fill="${p.body}"/>` +
    `<path d="M462 420q90 10 70 120-10 50-62 90" stroke="${p.shade}" stroke-width="20" fill="none" stroke-linecap="round"/>` +
    `<path d="M336 560h128" stroke="${p.shade}" stroke-width="10"/><path d="M346 600h108" stroke="${p.accent}" stroke-width="6"/>` +
    `<path d="M330 690h140l-10-40q60-90 20-190-20-40-20-80h-130q0 40-20 80-40 100 20 190z" fill="url(#sheen)"/>` +
    bean(600, 670, 18, 30, p.accent) +
    bean(640, 680, 18, -20, p.accent)
  );
}

/** A ceramic pour-over cone on a glass server, with a pack of filters. */
function dripper(a: ProductArt): string {
  const p = a.palette;
  return (
    `<path d="M300 520h200l-10 160q-90 30-180 0z" fill="#dfeaf0" opacity=".8" stroke="#9fb3bf" stroke-width="4"/>` +
    `<path d="M316 600h168l-6 72q-78 24-156 0z" fill="#4a2c1a" opacity=".85"/>` +
    `<path d="M270 300h260l-90 200h-80z" fill="${p.body}" stroke="${p.shade}" stroke-width="6"/>` +
    `<path d="M300 330h200" stroke="${p.accent}" stroke-width="12"/>` +
    `<rect x="350" y="500" width="100" height="22" rx="6" fill="${p.shade}"/>` +
    `<path d="M530 580q60 0 50 50t-60 40" stroke="#9fb3bf" stroke-width="10" fill="none"/>` +
    `<rect x="590" y="520" width="110" height="160" rx="8" fill="${p.accent}"/>` +
    brand(645, 610, p.label, 26) +
    `<path d="M560 690l40-40h90" stroke="${p.shade}" stroke-width="0"/>`
  );
}

/** A gift box with a ribbon and bow, a cup and a pouch peeking out. */
function giftBox(a: ProductArt): string {
  const p = a.palette;
  const trio = a.palette.body === PRODUCT_ART['discovery-trio']?.palette.body;
  const peek = trio
    ? ['#e9c46a', '#b5382c', '#2d6a4f']
        .map((c, i) => `<rect x="${290 + i * 80}" y="300" width="60" height="110" rx="6" fill="${c}"/>`)
        .join('')
    : `<rect x="300" y="300" width="90" height="110" rx="8" fill="#c2a878"/>` +
      `<path d="M430 330h70l-8 60h-54z" fill="#fffdf8" stroke="${p.accent}" stroke-width="4"/>` +
      `<ellipse cx="540" cy="390" rx="18" ry="30" fill="#7a3e1d"/>`;
  return (
    peek +
    `<rect x="220" y="380" width="360" height="310" rx="10" fill="${p.body}"/>` +
    `<rect x="205" y="360" width="390" height="70" rx="10" fill="${p.shade}"/>` +
    `<rect x="375" y="360" width="50" height="330" fill="${p.accent}"/>` +
    `<path d="M400 360q-90-80-110-10 20 40 110 10zM400 360q90-80 110-10-20 40-110 10z" fill="${p.accent}"/>` +
    `<circle cx="400" cy="360" r="18" fill="${p.shade}" stroke="${p.accent}" stroke-width="6"/>` +
    `<rect x="250" y="540" width="110" height="70" rx="8" fill="${p.label}"/>` +
    brand(305, 585, p.body, 24) +
    `<rect x="220" y="380" width="360" height="310" rx="10" fill="url(#sheen)"/>`
  );
}

export function pack(a: ProductArt, v: VariationArt | null): string {
  switch (a.kind) {
    case 'pouch':
      return pouch(a, v);
    case 'ground':
      return groundTin(a, v);
    case 'capsules':
      return capsuleBox(a, v);
    case 'jar':
      return jar(a, v);
    case 'dallah':
      return dallah(a);
    case 'dripper':
      return dripper(a);
    case 'giftbox':
      return giftBox(a);
  }
}
