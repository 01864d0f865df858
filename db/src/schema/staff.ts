import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('STAFF'),
  /** SPEC 6 plus editing (docs/admin.md): `canEdit` implies `canView`. */
  permissions: jsonb('permissions')
    .$type<{ module: string; canView: boolean; canEdit?: boolean }[]>()
    .notNull()
    .default([]),
  isActive: boolean('is_active').notNull().default(true),
  /** The back office's language for this user (chosen on the profile); null: the browser's. */
  locale: text('locale'),
  ...timestamps,
});

/** Server-side sessions: the cookie holds a random token, the table holds only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The last request seen with it, at a few minutes' precision: a session unused for the idle
     * period (SESSION_IDLE_HOURS) is over even before expiresAt (docs/security.md).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per e-mail (whether or not the account exists, so the limit reveals nothing):
 * after a few failures each further attempt must wait longer. Cleared by a successful sign-in.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Every staff write: who, when, which module and entity, the row before and after.
 * Append-only; the logs screen reads it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    module: text('module').notNull(),
    /** create, update, delete, archive, … */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_module_idx').on(t.module, t.createdAt),
    index('audit_log_user_idx').on(t.userId, t.createdAt),
  ],
);

/** One-time links to set a password (an invitation or a reset); only the token's SHA-256 is kept. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invite, reset */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_invites_user_idx').on(t.userId)],
);

/**
 * The store's settings staff may change (docs/settings.md: store name, contact details, hours, shipping
 * fallback, pay-later range, the sale switch, tracking ids), one row per key, read by the code that
 * uses them (never copied into a second place).
 */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  ...timestamps,
});
