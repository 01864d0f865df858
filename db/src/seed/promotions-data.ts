import { ANNIVERSARY_CODE, ANNIVERSARY_DEFAULT_PERCENT, addDays, gulfDate, toFils } from '@qahwa/schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { products, promotions } from '../schema';

type PromotionSeed = Omit<
  typeof promotions.$inferInsert,
  'startDate' | 'endDate' | 'productIds' | 'targetProductIds'
> & {
  /** Product slugs (resolved to ids when seeding); none = every product. */
  products?: string[];
  targets?: string[];
};

/**
 * The demo's promotions (SEED_DEMO=1 only; production gets none): ANNIVERSARY_2025 (SPEC 9, 40 %)
 * and one believable promotion of each type, in English and Arabic. Every discount here has a
 * code, so no seeded promotion changes a price nobody asked to change (the storefront's and the
 * tests' totals stay the list prices); automatic promotions are created by staff. UPSELL,
 * CROSS_SELL and DOWNSELL have no code: they only feed 'You might also like'.
 *
 * The anniversary code is installed switched on and unlisted: it is usable only while the sale
 * setting runs (SPEC 9 has it off), and then gives the sale once, so switching the sale on in
 * Settings is the one switch staff need (docs/promotions.md).
 * The four everyday codes are listed to shoppers (`isPublic`), as a store advertises them.
 */
export const PROMOTION_SEEDS: PromotionSeed[] = [
  {
    name: 'Anniversary Sale',
    nameAr: 'تخفيضات الذكرى السنوية',
    description: '40% off everything for our anniversary',
    descriptionAr: 'خصم 40% على كل المنتجات بمناسبة ذكرانا السنوية',
    code: ANNIVERSARY_CODE,
    type: 'PERCENTAGE',
    value: ANNIVERSARY_DEFAULT_PERCENT,
    isActive: true,
    isPublic: false,
  },
  {
    name: 'Welcome 10',
    nameAr: 'ترحيب 10',
    description: '10 AED off your first order of 100 AED or more',
    descriptionAr: 'خصم 10 دراهم على طلبك الأول بقيمة 100 درهم أو أكثر',
    code: 'WELCOME10',
    isPublic: true,
    type: 'FIXED_AMOUNT',
    value: 10,
    minOrderFils: toFils(100),
  },
  {
    name: 'Free delivery weekend',
    nameAr: 'توصيل مجاني في عطلة نهاية الأسبوع',
    description: 'Free delivery on any order, anywhere in the UAE',
    descriptionAr: 'توصيل مجاني لأي طلب إلى أي مكان في الإمارات',
    code: 'FREESHIP',
    isPublic: true,
    type: 'FREE_SHIPPING',
    value: 0,
  },
  {
    name: 'Capsules: buy 2, get 1 free',
    nameAr: 'الكبسولات: اشترِ 2 واحصل على 1 مجانًا',
    description: 'The cheapest of every three capsule packs is on us',
    descriptionAr: 'أرخص عبوة من كل ثلاث عبوات كبسولات مجانًا',
    code: 'CAPS3',
    isPublic: true,
    type: 'BUY_X_GET_Y',
    value: 0,
    buyQuantity: 2,
    getQuantity: 1,
    products: ['intenso-capsules', 'lungo-capsules'],
  },
  {
    name: 'Dallah and gahwa bundle',
    nameAr: 'باقة الدلة والقهوة',
    description: '15% off the brass dallah with our cardamom Arabic coffee',
    descriptionAr: 'خصم 15% على الدلة النحاسية مع القهوة العربية بالهيل',
    code: 'DALLAHSET',
    isPublic: true,
    type: 'BUNDLE',
    value: 0,
    bundleDiscount: 15,
    products: ['brass-dallah', 'arabic-coffee-ground-cardamom'],
  },
  {
    name: 'Upgrade to the Majlis gift box',
    nameAr: 'ارتقِ إلى علبة هدايا المجلس',
    description: 'Buying dates as a gift? The Majlis box adds coffee and a dallah',
    descriptionAr: 'تشتري التمر هدية؟ علبة المجلس تضيف القهوة والدلة',
    type: 'UPSELL',
    value: 0,
    products: ['premium-medjool-dates'],
    targets: ['majlis-gift-box'],
    relationshipType: 'RECOMMENDED',
  },
  {
    name: 'Brew it right',
    nameAr: 'حضّرها بإتقان',
    description: 'Whole beans go best with a V60 pour-over kit',
    descriptionAr: 'الحبوب الكاملة أفضل مع أدوات التقطير V60',
    type: 'CROSS_SELL',
    value: 0,
    products: ['ethiopian-yirgacheffe', 'colombian-supremo', 'brazil-santos'],
    targets: ['v60-pour-over-kit', 'roasted-salted-pistachios'],
    relationshipType: 'COMPLEMENTARY',
  },
  {
    name: 'Try the trio first',
    nameAr: 'جرّب الثلاثية أولًا',
    description: 'Not sure about the big box? Start with the discovery trio',
    descriptionAr: 'لست متأكدًا من العلبة الكبيرة؟ ابدأ بثلاثية الاكتشاف',
    type: 'DOWNSELL',
    value: 0,
    products: ['majlis-gift-box'],
    targets: ['discovery-trio'],
    relationshipType: 'ALTERNATIVE',
  },
];

/**
 * Inserts the demo promotions that are not there yet (by code, or by name for those without
 * one): a promotion staff changed or switched off stays as they left it. Dates run from the
 * seed's day (Dubai) for a year, so the store can be tried the day it is installed (and the
 * anniversary code works the day staff switch it on).
 */
export async function seedPromotions(tx: Tx, now: Date = new Date()): Promise<void> {
  const slugs = [...new Set(PROMOTION_SEEDS.flatMap((p) => [...(p.products ?? []), ...(p.targets ?? [])]))];
  const rows = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  const ids = (list: string[] | undefined) =>
    (list ?? []).map((slug) => idOf.get(slug)).filter((id): id is string => id !== undefined);
  const today = gulfDate(now);
  const startDate = new Date(`${today}T00:00:00+04:00`);
  const endDate = new Date(`${addDays(today, 365)}T23:59:59.999+04:00`);

  for (const { products: scope, targets, ...seed } of PROMOTION_SEEDS) {
    const values = {
      isActive: true,
      ...seed,
      startDate,
      endDate,
      productIds: ids(scope),
      targetProductIds: ids(targets),
    };
    if (seed.code) {
      await tx.insert(promotions).values(values).onConflictDoNothing({ target: promotions.code });
      continue;
    }
    const [existing] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.name, seed.name), isNull(promotions.code)));
    if (!existing) await tx.insert(promotions).values(values);
  }
}
