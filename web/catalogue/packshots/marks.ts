import type { Palette } from './art';

/**
 * The pieces every packshot shares: the frame (backdrop, shadow, sheen), beans, the brand and
 * the weight printed on a label, and the dates and pistachios a jar or a close-up holds.
 */

const SIZE = 800;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const n = (x: number) => Math.round(x * 10) / 10;

export function frame(p: Palette, inner: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/>` +
    `<stop offset="1" stop-color="${p.bg}"/></radialGradient>` +
    `<linearGradient id="sheen" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".18"/>` +
    `<stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>` +
    `<ellipse cx="400" cy="700" rx="250" ry="34" fill="#000" opacity=".10"/>` +
    inner +
    `</svg>`
  );
}

/** A coffee bean at (x, y), rotated; `round` draws a robusta's rounder bean. */
export function bean(x: number, y: number, r: number, rot: number, fill: string, round = false): string {
  const rx = round ? r * 0.85 : r * 0.7;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})">` +
    `<ellipse rx="${n(rx)}" ry="${n(r)}" fill="${fill}"/>` +
    `<path d="M0 ${n(-r * 0.85)}C${n(rx * 0.5)} ${n(-r * 0.3)} ${n(-rx * 0.5)} ${n(r * 0.3)} 0 ${n(r * 0.85)}" ` +
    `stroke="#000" stroke-opacity=".35" stroke-width="${n(r * 0.12)}" fill="none" stroke-linecap="round"/></g>`
  );
}

export function beanMark(beans: string | undefined, cx: number, cy: number, color: string): string {
  if (beans === 'Robusta') return bean(cx, cy, 26, 20, color, true);
  if (beans === 'House Blend')
    return bean(cx - 20, cy, 22, -25, color) + bean(cx + 20, cy + 4, 22, 25, color, true);
  return bean(cx, cy, 28, 25, color);
}

export function brand(x: number, y: number, color: string, size = 30): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="${size}" font-style="italic" fill="${color}">qahwa</text>`;
}

/** Weights print as they are (numbers and a unit); a count prints as ×10, so no English word is drawn. */
const PRINTED: Record<string, string> = { '10 capsules': '×10' };

export function weightText(x: number, y: number, size: string, color: string): string {
  const text = PRINTED[size] ?? size;
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="system-ui, 'DejaVu Sans', sans-serif" font-size="30" font-weight="700" fill="${color}">${esc(text)}</text>`;
}

export function date(x: number, y: number, rot: number, p: Palette): string {
  return `<ellipse cx="${x}" cy="${y}" rx="18" ry="34" transform="rotate(${rot} ${x} ${y})" fill="${p.body}" stroke="${p.shade}" stroke-width="3"/>`;
}

export function pistachio(x: number, y: number, rot: number, p: Palette): string {
  return (
    `<g transform="rotate(${rot} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="26" ry="18" fill="#e8d8b0" stroke="#b8a070" stroke-width="2"/>` +
    `<ellipse cx="${x + 4}" cy="${y}" rx="14" ry="9" fill="${p.body}"/></g>`
  );
}
