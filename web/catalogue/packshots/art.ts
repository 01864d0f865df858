/**
 * What each seed product's packshot is made of: the kind of pack, what is inside it and its
 * colours (design.ts draws them).
 */

export type PackKind = 'pouch' | 'ground' | 'capsules' | 'jar' | 'dallah' | 'dripper' | 'giftbox';
export type Filling = 'beans' | 'grounds' | 'capsules' | 'dates' | 'pistachios' | 'gift';

export interface Palette {
  /** Backdrop. */
  bg: string;
  /** The pack's body. */
  body: string;
  /** Shading on the body. */
  shade: string;
  /** The label. */
  label: string;
  /** Marks on the label, ribbon, capsule caps. */
  accent: string;
}

export interface ProductArt {
  kind: PackKind;
  filling: Filling;
  palette: Palette;
}

/** Each seed product's pack and colours; a test fails when a seed product has none. */
export const PRODUCT_ART: Record<string, ProductArt> = {
  'ethiopian-yirgacheffe': {
    kind: 'pouch',
    filling: 'beans',
    palette: { bg: '#f6efe2', body: '#e9c46a', shade: '#d4a73f', label: '#fffaf0', accent: '#2a9d8f' },
  },
  'colombian-supremo': {
    kind: 'pouch',
    filling: 'beans',
    palette: { bg: '#fbeee6', body: '#b5382c', shade: '#8f2a21', label: '#fff7ec', accent: '#f4a261' },
  },
  'brazil-santos': {
    kind: 'pouch',
    filling: 'beans',
    palette: { bg: '#eef3ea', body: '#2d6a4f', shade: '#1b4d39', label: '#fdf8ee', accent: '#f2c14e' },
  },
  'emirati-gahwa-blend': {
    kind: 'pouch',
    filling: 'beans',
    palette: { bg: '#f4efe9', body: '#c2a878', shade: '#a38b5c', label: '#fffdf8', accent: '#7b2d26' },
  },
  'house-espresso-ground': {
    kind: 'ground',
    filling: 'grounds',
    palette: { bg: '#efe9e4', body: '#2b2118', shade: '#171009', label: '#f3e3cf', accent: '#c8553d' },
  },
  'arabic-coffee-ground-cardamom': {
    kind: 'ground',
    filling: 'grounds',
    palette: { bg: '#eef2e6', body: '#6b8f47', shade: '#4f6d31', label: '#fbf7ea', accent: '#c99a2e' },
  },
  'intenso-capsules': {
    kind: 'capsules',
    filling: 'capsules',
    palette: { bg: '#ece9f3', body: '#3d2c5e', shade: '#271b40', label: '#f2ecff', accent: '#b08968' },
  },
  'lungo-capsules': {
    kind: 'capsules',
    filling: 'capsules',
    palette: { bg: '#e7f0f4', body: '#2f6f8f', shade: '#1f5069', label: '#eef8fc', accent: '#e9b44c' },
  },
  'premium-medjool-dates': {
    kind: 'jar',
    filling: 'dates',
    palette: { bg: '#f7ede4', body: '#7a3e1d', shade: '#5a2b12', label: '#fff4e6', accent: '#d98e04' },
  },
  'roasted-salted-pistachios': {
    kind: 'jar',
    filling: 'pistachios',
    palette: { bg: '#eff4e8', body: '#93b45c', shade: '#6f8e3c', label: '#fbfdf4', accent: '#a0522d' },
  },
  'brass-dallah': {
    kind: 'dallah',
    filling: 'beans',
    palette: { bg: '#f5efe3', body: '#c9a227', shade: '#9c7a12', label: '#fff8dc', accent: '#6f4e37' },
  },
  'v60-pour-over-kit': {
    kind: 'dripper',
    filling: 'grounds',
    palette: { bg: '#f2f2f0', body: '#f7f5f2', shade: '#d9d4cc', label: '#ffffff', accent: '#d1495b' },
  },
  'majlis-gift-box': {
    kind: 'giftbox',
    filling: 'gift',
    palette: { bg: '#f4ece8', body: '#7b1e3a', shade: '#5a142a', label: '#fbeff2', accent: '#d4af37' },
  },
  'discovery-trio': {
    kind: 'giftbox',
    filling: 'gift',
    palette: { bg: '#e8eff0', body: '#264653', shade: '#183039', label: '#eef6f7', accent: '#e76f51' },
  },
};

export interface VariationArt {
  size: string;
  type?: string | undefined;
  beans?: string | undefined;
}
