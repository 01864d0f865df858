import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  makeEvent,
  SETTINGS_MODULE,
  SETTINGS_SECTIONS,
  type SettingsChanged,
  type SettingsSection,
  type StoreSettingsValues,
  settingsSectionOf,
} from '@qahwa/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { storeSettings } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';
import { createOutboxRepository } from '../operations/outbox';

/** One section as stored and as the editor reads it: its values and the version a save must name. */
export interface VersionedSection<S extends SettingsSection = SettingsSection> {
  /** 0 while the section was never saved (its values are the defaults). */
  version: number;
  value: StoreSettingsValues[S];
}

export type SettingsSnapshot = { [S in SettingsSection]: VersionedSection<S> };

/** What a save returns: the new section, or the one another save left (the editor's version was stale). */
export type SaveOutcome<S extends SettingsSection> =
  | { ok: true; saved: VersionedSection<S> }
  | { ok: false; current: VersionedSection<S> };

/*
 * `store_settings` holds one row per section, its value `{ version, value }` in jsonb (the version
 * lives in the document: the table has no column for it, and one document keeps the two
 * together). A missing row is the section's default (DEFAULT_SETTINGS), version 0.
 */
interface StoredDocument {
  version: number;
  value: unknown;
}

const asDocument = (raw: unknown): StoredDocument | null => {
  const d = raw as Partial<StoredDocument> | null;
  return d && typeof d.version === 'number' && 'value' in d ? { version: d.version, value: d.value } : null;
};

function sectionFrom<S extends SettingsSection>(section: S, raw: unknown): VersionedSection<S> {
  const doc = asDocument(raw);
  if (!doc) return { version: 0, value: DEFAULT_SETTINGS[section] as StoreSettingsValues[S] };
  return { version: doc.version, value: settingsSectionOf(section, doc.value) };
}

/**
 * The store's settings (docs/settings.md). Reads are one indexed query of at most five
 * rows; each save is a compare-and-set on the version in the caller's transaction, with its audit
 * entry and a SettingsChanged in the outbox, so the gateway and the storefront follow it only once
 * it committed.
 */
export function createSettingsRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);

  async function read(tx: DbOrTx = db): Promise<SettingsSnapshot> {
    const rows = await tx
      .select({ key: storeSettings.key, value: storeSettings.value })
      .from(storeSettings)
      .where(inArray(storeSettings.key, [...SETTINGS_SECTIONS]));
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(
      SETTINGS_SECTIONS.map((s) => [s, sectionFrom(s, byKey.get(s))]),
    ) as SettingsSnapshot;
  }

  return {
    /** Every section with its version. Pass the order's transaction to price on what it sees. */
    read,

    /** One section's values (one row by its key): the e-mails read the store's name this way. */
    async section<S extends SettingsSection>(section: S, tx: DbOrTx = db): Promise<StoreSettingsValues[S]> {
      return sectionFrom(section, (await readRow(tx, section))?.value).value;
    },

    /** Only the values, for the code that applies them. */
    async values(tx: DbOrTx = db): Promise<StoreSettingsValues> {
      const all = await read(tx);
      return Object.fromEntries(
        SETTINGS_SECTIONS.map((s) => [s, all[s].value]),
      ) as unknown as StoreSettingsValues;
    },

    /**
     * Saves one section if `expectedVersion` is still its version (optimistic concurrency: two staff
     * saving at once, one wins, the other is told). Audited as module 'settings' (or 'tracking').
     */
    async save<S extends SettingsSection>(
      section: S,
      input: { expectedVersion: number; value: StoreSettingsValues[S] },
      who: { actor: AuditActor; requestId?: string },
      tx: DbOrTx = db,
    ): Promise<SaveOutcome<S>> {
      const before = sectionFrom(section, (await readRow(tx, section))?.value);
      const next: StoredDocument = { version: input.expectedVersion + 1, value: input.value };
      let written: boolean;
      if (input.expectedVersion === 0) {
        // Never saved: the first save inserts; a second first save loses the race on the key.
        const rows = await tx
          .insert(storeSettings)
          .values({ key: section, value: next, updatedBy: who.actor.id })
          .onConflictDoNothing()
          .returning({ key: storeSettings.key });
        written = rows.length === 1;
      } else {
        const rows = await tx
          .update(storeSettings)
          .set({ value: next, updatedBy: who.actor.id, updatedAt: sql`now()` })
          .where(
            and(
              eq(storeSettings.key, section),
              sql`(${storeSettings.value}->>'version')::int = ${input.expectedVersion}`,
            ),
          )
          .returning({ key: storeSettings.key });
        written = rows.length === 1;
      }
      if (!written) {
        const current = sectionFrom(section, (await readRow(tx, section))?.value);
        return { ok: false, current };
      }
      const saved: VersionedSection<S> = { version: next.version, value: input.value };
      await recordAudit(tx, {
        user: who.actor,
        module: SETTINGS_MODULE[section],
        action: 'update',
        entityType: 'settings',
        entityId: section,
        before: before.version === 0 ? { ...before, defaults: true } : before,
        after: saved,
        ...(who.requestId ? { requestId: who.requestId } : {}),
      });
      const event: SettingsChanged = makeEvent(
        'SettingsChanged',
        { section, version: saved.version },
        {
          id: randomUUID(),
          occurredAt: new Date().toISOString(),
          ...(who.requestId ? { requestId: who.requestId } : {}),
        },
      );
      await outbox.append(event, tx);
      return { ok: true, saved };
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

async function readRow(tx: DbOrTx, key: string) {
  const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.key, key));
  return row;
}
