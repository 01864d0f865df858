import { randomUUID } from 'node:crypto';
import {
  type AdminSlider,
  type CatalogueChanged,
  makeEvent,
  type OfferSettings,
  type OfferSettingsWrite,
  type SliderWrite,
} from '@qahwa/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { offerSettings, siteTexts, sliders } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { createContentRepository } from './content';

type SliderRow = typeof sliders.$inferSelect;
const toSlider = (r: SliderRow): AdminSlider => ({
  id: r.id,
  title: r.title,
  titleAr: r.titleAr,
  subtitle: r.subtitle,
  subtitleAr: r.subtitleAr,
  imageUrl: r.imageUrl,
  link: r.link,
  sortOrder: r.sortOrder,
  isActive: r.isActive,
});

/**
 * The back office's side of the storefront's content: the offer banner, the sliders and
 * the texts. Each write appends CatalogueChanged {reason: 'content'} in the caller's transaction:
 * the gateway then asks the storefront to drop its cached content (web /revalidate/catalogue), so
 * the pages show the change within a second instead of the minute the cache would keep it.
 */
export function createContentEditingRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);
  const read = createContentRepository(db);

  async function changed(tx: DbOrTx, requestId?: string) {
    const event: CatalogueChanged = makeEvent(
      'CatalogueChanged',
      { reason: 'content', productIds: [] },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    await outbox.append(event, tx);
  }

  return {
    offer: () => read.offerSettings(),
    texts: () => read.texts(),
    async sliders(): Promise<AdminSlider[]> {
      const rows = await db.select().from(sliders).orderBy(asc(sliders.sortOrder), asc(sliders.createdAt));
      return rows.map(toSlider);
    },

    async setOffer(w: OfferSettingsWrite, requestId?: string, tx: DbOrTx = db): Promise<OfferSettings> {
      const values = {
        isActive: w.isActive,
        endTime: w.endTime ? new Date(w.endTime) : null,
        message: w.message,
        messageAr: w.messageAr,
      };
      await tx
        .insert(offerSettings)
        .values({ id: 'default', ...values })
        .onConflictDoUpdate({ target: offerSettings.id, set: { ...values, updatedAt: sql`now()` } });
      await changed(tx, requestId);
      return {
        isActive: w.isActive,
        endTime: values.endTime?.toISOString() ?? null,
        message: w.message || null,
        messageAr: w.messageAr || null,
      };
    },

    async createSlider(w: SliderWrite, requestId?: string, tx: DbOrTx = db): Promise<AdminSlider> {
      const [row] = await tx.insert(sliders).values(w).returning();
      await changed(tx, requestId);
      return toSlider(row as SliderRow);
    },

    async updateSlider(
      id: string,
      w: SliderWrite,
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<{ before: AdminSlider; after: AdminSlider } | null> {
      const [locked] = await tx.select().from(sliders).where(eq(sliders.id, id)).for('update');
      if (!locked) return null;
      const [row] = await tx
        .update(sliders)
        .set({ ...w, updatedAt: sql`now()` })
        .where(eq(sliders.id, id))
        .returning();
      await changed(tx, requestId);
      return { before: toSlider(locked), after: toSlider(row as SliderRow) };
    },

    async removeSlider(id: string, requestId?: string, tx: DbOrTx = db): Promise<AdminSlider | null> {
      const [row] = await tx.delete(sliders).where(eq(sliders.id, id)).returning();
      if (!row) return null;
      await changed(tx, requestId);
      return toSlider(row);
    },

    async setText(
      key: string,
      text: { en: string; ar: string },
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<{ before: { en: string; ar: string } | null }> {
      const [before] = await tx.select().from(siteTexts).where(eq(siteTexts.key, key));
      await tx
        .insert(siteTexts)
        .values({ key, ...text })
        .onConflictDoUpdate({ target: siteTexts.key, set: { ...text, updatedAt: sql`now()` } });
      await changed(tx, requestId);
      return { before: before ? { en: before.en, ar: before.ar } : null };
    },
  };
}
