import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { offerSettings, products, reviews, siteTexts, sliders } from '../schema';

/** How long the seeded offer runs: the banner counts down from about three days. */
const OFFER_DAYS = 3;

const SLIDERS = [
  {
    title: 'Freshly roasted, every week',
    titleAr: 'محمّصة طازجة كل أسبوع',
    subtitle: 'Single-origin beans roasted in Dubai and delivered across the UAE.',
    subtitleAr: 'حبوب من منشأ واحد تُحمَّص في دبي وتصل إلى جميع أنحاء الإمارات.',
    link: '/shop/coffee-beans',
    sortOrder: 1,
  },
  {
    title: 'Gahwa for the majlis',
    titleAr: 'قهوة عربية للمجلس',
    subtitle: 'Cardamom and saffron blends, the way it is served at home.',
    subtitleAr: 'خلطات بالهيل والزعفران، كما تُقدَّم في البيت.',
    link: '/shop/ground-coffee',
    sortOrder: 2,
  },
  {
    title: 'Gifts that smell of coffee',
    titleAr: 'هدايا بعبق القهوة',
    subtitle: 'Boxes of beans, dates and a brass dallah, wrapped and ready.',
    subtitleAr: 'علب من القهوة والتمر ودلة نحاسية، مغلّفة وجاهزة للإهداء.',
    link: '/shop/gift-sets',
    sortOrder: 3,
  },
];

const TEXTS = [
  {
    key: 'about',
    en: 'qahwa is a small roastery in Dubai. We buy green coffee from farms we know, roast it in small batches every week and send it out within days of roasting, with dates, nuts and the tools to brew it well.',
    ar: 'قهوة محمصة صغيرة في دبي. نشتري البن الأخضر من مزارع نعرفها، ونحمّصه على دفعات صغيرة كل أسبوع، ونرسله خلال أيام من تحميصه، مع التمر والمكسرات وأدوات التحضير.',
  },
  {
    key: 'storeHours',
    en: 'Saturday to Thursday, 9:00 to 21:00; Friday, 14:00 to 21:00 (UAE time).',
    ar: 'من السبت إلى الخميس، من 9:00 إلى 21:00؛ الجمعة، من 14:00 إلى 21:00 (بتوقيت الإمارات).',
  },
  {
    // The same number as the store's phone (Settings → Store, DEFAULT_SETTINGS): the footer shows
    // this line, the contact page the setting, and a shopper must not read two numbers.
    key: 'supportLine',
    en: 'Customer support, 24/7: +971 800 724 92',
    ar: 'خدمة العملاء على مدار الساعة: \u2066+971 800 724 92\u2069',
  },
];

const REVIEWS: {
  slug: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  locale: 'en' | 'ar';
}[] = [
  {
    slug: 'ethiopian-yirgacheffe',
    authorName: 'Sara M.',
    rating: 5,
    title: 'Bright and floral',
    body: 'Jasmine and lemon in the cup, exactly as described. My morning V60 has never been better.',
    locale: 'en',
  },
  {
    slug: 'ethiopian-yirgacheffe',
    authorName: 'أحمد',
    rating: 4,
    title: 'قهوة مميزة',
    body: 'نكهة زهرية خفيفة وحموضة لطيفة. وصلت طازجة خلال يومين.',
    locale: 'ar',
  },
  {
    slug: 'colombian-supremo',
    authorName: 'James K.',
    rating: 5,
    title: 'Our house favourite',
    body: 'Balanced, chocolatey and forgiving whatever the brewer. We reorder every month.',
    locale: 'en',
  },
  {
    slug: 'emirati-gahwa-blend',
    authorName: 'مريم',
    rating: 5,
    title: 'مثل قهوة البيت',
    body: 'الهيل والزعفران بالمقدار الصحيح. ضيوفنا سألوا من أين اشتريناها.',
    locale: 'ar',
  },
];

/**
 * The demo storefront's content (SEED_DEMO=1 only): the offer banner, three campaigns, the about
 * and store hours texts and a few approved reviews. Each is written only where nothing is yet:
 * staff's own changes are never overwritten. A production store starts without them (each page
 * has its own fallback for a missing text; no banner, no campaign, no review until staff's).
 */
export async function seedStorefrontContent(tx: Tx): Promise<void> {
  await tx
    .insert(offerSettings)
    .values({
      id: 'default',
      isActive: true,
      endTime: new Date(Date.now() + OFFER_DAYS * 24 * 60 * 60 * 1000),
      message: 'Roaster’s week: up to 20% off selected coffees',
      messageAr: 'أسبوع المحمصة: خصم حتى 20% على قهوة مختارة',
    })
    .onConflictDoNothing({ target: offerSettings.id });

  const [sliderCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(sliders);
  if ((sliderCount?.n ?? 0) === 0) await tx.insert(sliders).values(SLIDERS);

  await tx.insert(siteTexts).values(TEXTS).onConflictDoNothing({ target: siteTexts.key });

  const [reviewCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews);
  if ((reviewCount?.n ?? 0) === 0) {
    const slugs = [...new Set(REVIEWS.map((r) => r.slug))];
    const rows = await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, slugs));
    const idOf = new Map(rows.map((r) => [r.slug, r.id]));
    const values = REVIEWS.flatMap(({ slug, ...r }) => {
      const productId = idOf.get(slug);
      return productId ? [{ ...r, productId, status: 'APPROVED' as const, moderatedAt: new Date() }] : [];
    });
    if (values.length > 0) await tx.insert(reviews).values(values);
  }
}
