import type { OfferSettings, SiteTexts, Slider } from '@qahwa/schema';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { offerSettings, siteTexts, sliders } from '../../schema';

/** The storefront's content staff manage (offer banner, slider, texts): read side. */
export function createContentRepository(db: DbOrTx) {
  return {
    /** SPEC 3 "Offer settings"; without a row the banner is off. Empty messages read as null. */
    async offerSettings(): Promise<OfferSettings> {
      const [row] = await db.select().from(offerSettings).where(eq(offerSettings.id, 'default'));
      if (!row) return { isActive: false, endTime: null, message: null, messageAr: null };
      return {
        isActive: row.isActive,
        endTime: row.endTime?.toISOString() ?? null,
        message: row.message || null,
        messageAr: row.messageAr || null,
      };
    },

    async activeSliders(): Promise<Slider[]> {
      const rows = await db
        .select()
        .from(sliders)
        .where(eq(sliders.isActive, true))
        .orderBy(asc(sliders.sortOrder), asc(sliders.createdAt));
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        titleAr: r.titleAr,
        subtitle: r.subtitle,
        subtitleAr: r.subtitleAr,
        imageUrl: r.imageUrl,
        link: r.link,
        sortOrder: r.sortOrder,
      }));
    },

    async texts(): Promise<SiteTexts> {
      const rows = await db.select().from(siteTexts).orderBy(asc(siteTexts.key));
      return Object.fromEntries(rows.map((r) => [r.key, { en: r.en, ar: r.ar }]));
    },
  };
}
