import { BEANS, SIZES, TYPES } from './lookups';

/**
 * The demo catalogue (SEED_DEMO=1 only, docs/operations.md): a small Gulf roastery's range, in
 * English and Arabic. Prices in AED.
 */
export const CATEGORIES = [
  { slug: 'coffee-beans', name: 'Coffee Beans', nameAr: 'حبوب القهوة', sortOrder: 1 },
  { slug: 'ground-coffee', name: 'Ground Coffee', nameAr: 'قهوة مطحونة', sortOrder: 2 },
  { slug: 'capsules', name: 'Capsules', nameAr: 'كبسولات', sortOrder: 3 },
  { slug: 'nuts-dried-fruits', name: 'Nuts & Dried Fruits', nameAr: 'مكسرات وفواكه مجففة', sortOrder: 4 },
  { slug: 'accessories', name: 'Accessories', nameAr: 'إكسسوارات', sortOrder: 5 },
  { slug: 'gift-sets', name: 'Gift Sets', nameAr: 'مجموعات الهدايا', sortOrder: 6 },
] as const;

export { BEANS, SIZES, TYPES };

type Sz = (typeof SIZES)[number]['displayName'];
type Ty = (typeof TYPES)[number]['name'];
type Bn = (typeof BEANS)[number]['name'];

export interface SeedVariation {
  size: Sz;
  type?: Ty;
  beans?: Bn;
  price: string;
  discount?: number;
  stock: number;
}

export interface SeedProduct {
  slug: string;
  category: (typeof CATEGORIES)[number]['slug'];
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  featured?: boolean;
  variations: SeedVariation[];
}

const weights = (
  prices: [string, string, string],
  extra: Omit<SeedVariation, 'size' | 'price' | 'stock'> = {},
  stock = 40,
): SeedVariation[] => [
  { size: '250g', price: prices[0], stock, ...extra },
  { size: '500g', price: prices[1], stock, ...extra },
  { size: '1kg', price: prices[2], stock: Math.floor(stock / 2), ...extra },
];

export const PRODUCTS: SeedProduct[] = [
  {
    slug: 'ethiopian-yirgacheffe',
    category: 'coffee-beans',
    name: 'Ethiopian Yirgacheffe',
    nameAr: 'يرغاتشيفي الإثيوبية',
    description: 'Washed single origin with jasmine, bergamot and a clean lemon finish. Light roast.',
    descriptionAr: 'قهوة أحادية المصدر مغسولة بنكهة الياسمين والبرغموت وختام ليموني نقي. تحميص فاتح.',
    featured: true,
    variations: [
      ...weights(['58.00', '109.00', '205.00'], { beans: 'Arabica' }),
      { size: '250g', beans: 'House Blend', price: '49.00', stock: 25 },
    ],
  },
  {
    slug: 'colombian-supremo',
    category: 'coffee-beans',
    name: 'Colombian Supremo',
    nameAr: 'كولومبي سوبريمو',
    description: 'Caramel sweetness, red apple and a round, chocolatey body. Medium roast.',
    descriptionAr: 'حلاوة الكراميل والتفاح الأحمر مع قوام مستدير بطعم الشوكولاتة. تحميص متوسط.',
    featured: true,
    variations: weights(['52.00', '98.00', '185.00'], { beans: 'Arabica', discount: 0.1 }),
  },
  {
    slug: 'brazil-santos',
    featured: true,
    category: 'coffee-beans',
    name: 'Brazil Santos',
    nameAr: 'برازيلي سانتوس',
    description: 'Nutty and smooth with low acidity; our everyday espresso base.',
    descriptionAr: 'ناعمة بنكهة المكسرات وحموضة منخفضة؛ أساس الإسبريسو اليومي لدينا.',
    variations: [
      ...weights(['42.00', '79.00', '149.00'], { beans: 'Arabica' }),
      ...weights(['36.00', '68.00', '129.00'], { beans: 'Robusta' }),
    ],
  },
  {
    slug: 'emirati-gahwa-blend',
    category: 'coffee-beans',
    name: 'Emirati Gahwa Blend',
    nameAr: 'خلطة القهوة الإماراتية',
    description: 'Lightly roasted beans for traditional Arabic coffee, with or without cardamom and saffron.',
    descriptionAr: 'حبوب محمصة تحميصًا خفيفًا للقهوة العربية التقليدية، عادية أو بالهيل والزعفران.',
    featured: true,
    variations: [
      ...weights(['45.00', '85.00', '160.00'], { type: 'Normal', beans: 'House Blend' }),
      ...weights(['55.00', '105.00', '199.00'], { type: 'Cardamom', beans: 'House Blend' }),
      ...weights(['75.00', '145.00', '279.00'], { type: 'Saffron & Cardamom', beans: 'House Blend' }, 15),
    ],
  },
  {
    slug: 'house-espresso-ground',
    category: 'ground-coffee',
    name: 'House Espresso, Ground',
    nameAr: 'إسبريسو البيت المطحون',
    description: 'Fine grind for espresso machines and moka pots. Dark chocolate and toasted almond.',
    descriptionAr: 'طحنة ناعمة لآلات الإسبريسو وإبريق الموكا. شوكولاتة داكنة ولوز محمص.',
    variations: weights(['39.00', '74.00', '139.00'], { beans: 'House Blend' }),
  },
  {
    slug: 'arabic-coffee-ground-cardamom',
    category: 'ground-coffee',
    name: 'Arabic Coffee with Cardamom, Ground',
    nameAr: 'قهوة عربية مطحونة بالهيل',
    description: 'Ready to brew in a dallah: light roast ground with fresh green cardamom.',
    descriptionAr: 'جاهزة للتحضير في الدلة: تحميص فاتح مطحون مع الهيل الأخضر الطازج.',
    featured: true,
    variations: [
      ...weights(['48.00', '92.00', '175.00'], { type: 'Cardamom', beans: 'House Blend' }),
      ...weights(['44.00', '84.00', '159.00'], { type: 'Normal', beans: 'House Blend' }),
    ],
  },
  {
    slug: 'intenso-capsules',
    featured: true,
    category: 'capsules',
    name: 'Intenso Capsules',
    nameAr: 'كبسولات إنتنسو',
    description: 'Nespresso-compatible capsules, intensity 10. Ten per box.',
    descriptionAr: 'كبسولات متوافقة مع آلات نسبريسو، شدة 10. عشر كبسولات في العلبة.',
    variations: [{ size: '10 capsules', beans: 'Robusta', price: '22.00', stock: 120 }],
  },
  {
    slug: 'lungo-capsules',
    category: 'capsules',
    name: 'Lungo Capsules',
    nameAr: 'كبسولات لونغو',
    description: 'A longer, gentler cup with honey and cereal notes. Ten per box.',
    descriptionAr: 'كوب أطول وألطف بنكهات العسل والحبوب. عشر كبسولات في العلبة.',
    variations: [{ size: '10 capsules', beans: 'Arabica', price: '24.00', discount: 0.15, stock: 90 }],
  },
  {
    slug: 'premium-medjool-dates',
    category: 'nuts-dried-fruits',
    name: 'Premium Medjool Dates',
    nameAr: 'تمر مجدول فاخر',
    description: 'Large, soft Medjool dates: the classic companion of Arabic coffee.',
    descriptionAr: 'تمر مجدول كبير وطري: الرفيق التقليدي للقهوة العربية.',
    variations: weights(['35.00', '65.00', '120.00']),
  },
  {
    slug: 'roasted-salted-pistachios',
    category: 'nuts-dried-fruits',
    name: 'Roasted Salted Pistachios',
    nameAr: 'فستق حلبي محمص ومملح',
    description: 'Iranian pistachios, roasted in small batches and lightly salted.',
    descriptionAr: 'فستق إيراني محمص على دفعات صغيرة ومملح قليلًا.',
    variations: weights(['38.00', '72.00', '135.00']),
  },
  {
    slug: 'brass-dallah',
    featured: true,
    category: 'accessories',
    name: 'Brass Dallah',
    nameAr: 'دلة نحاسية',
    description: 'A hand-finished brass dallah for serving Arabic coffee, 1 litre.',
    descriptionAr: 'دلة نحاسية مشغولة يدويًا لتقديم القهوة العربية، سعة لتر واحد.',
    variations: [{ size: 'One size', price: '165.00', stock: 12 }],
  },
  {
    slug: 'v60-pour-over-kit',
    category: 'accessories',
    name: 'V60 Pour-Over Kit',
    nameAr: 'طقم التقطير V60',
    description: 'Ceramic dripper, 100 filters and a glass server for a clean filter cup.',
    descriptionAr: 'مقطّرة سيراميك و100 فلتر وإبريق زجاجي لكوب قهوة مقطرة نقي.',
    variations: [{ size: 'One size', price: '129.00', discount: 0.2, stock: 20 }],
  },
  {
    slug: 'majlis-gift-box',
    category: 'gift-sets',
    name: 'Majlis Gift Box',
    nameAr: 'صندوق هدايا المجلس',
    description: 'Emirati Gahwa Blend 500g, Medjool dates 500g and four finjan cups in a gift box.',
    descriptionAr: 'خلطة القهوة الإماراتية 500 غ وتمر مجدول 500 غ وأربعة فناجين في صندوق هدية.',
    featured: true,
    variations: [{ size: 'One size', price: '249.00', stock: 15 }],
  },
  {
    slug: 'discovery-trio',
    category: 'gift-sets',
    name: 'Discovery Trio',
    nameAr: 'ثلاثية الاكتشاف',
    description: 'Three single origins, 250g each, to find your favourite.',
    descriptionAr: 'ثلاث قهوات أحادية المصدر، 250 غ لكل منها، لتكتشف المفضلة لديك.',
    variations: [{ size: 'One size', price: '149.00', stock: 18 }],
  },
];

/*
 * Pictures. No image host is reachable from where the store is built and tested, so every product
 * and variation has an SVG packshot drawn from its seed entry (web/catalogue/packshots/, committed
 * under web/public/images/products/). The storefront serves them from its own origin.
 */
export const PACKSHOT_ROOT = '/images/products';

const slugPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The product's main picture (its card and the first picture of its gallery). */
export function productImagePath(slug: string): string {
  return `${PACKSHOT_ROOT}/${slug}/main.svg`;
}

/** The gallery: the packshot, then a close-up of what is inside. */
export function productGalleryPaths(slug: string): string[] {
  return [productImagePath(slug), `${PACKSHOT_ROOT}/${slug}/detail.svg`];
}

/** One picture per variation: weight, then additions and beans when the variation has them. */
export function variationImagePath(slug: string, v: Pick<SeedVariation, 'size' | 'type' | 'beans'>): string {
  const key = [v.size, v.type, v.beans].filter(Boolean).map((s) => slugPart(s as string));
  return `${PACKSHOT_ROOT}/${slug}/${key.join('--')}.svg`;
}
