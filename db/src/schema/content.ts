import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { timestamps } from './columns';

/** SPEC 3 "Offer settings": the storefront's countdown banner (one row, id 'default'). */
export const offerSettings = pgTable('offer_settings', {
  id: text('id').primaryKey().default('default'),
  isActive: boolean('is_active').notNull().default(false),
  endTime: timestamp('end_time', { withTimezone: true }),
  message: text('message').notNull().default(''),
  messageAr: text('message_ar').notNull().default(''),
  ...timestamps,
});

/** The home page's campaign slider (staff manage it in the content screen). */
export const sliders = pgTable('sliders', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  titleAr: text('title_ar').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  subtitleAr: text('subtitle_ar').notNull().default(''),
  imageUrl: text('image_url'),
  link: text('link').notNull().default('/shop'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Storefront texts staff may change (about, store hours), by key, in both languages. */
export const siteTexts = pgTable('site_texts', {
  key: text('key').primaryKey(),
  en: text('en').notNull(),
  ar: text('ar').notNull(),
  ...timestamps,
});

/** Shoppers' reviews; published only once staff approve them (ReviewSubmitted → moderation). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    email: text('email'),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    locale: text('locale').notNull().default('en'),
    status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
    reply: text('reply'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('reviews_product_status_idx').on(t.productId, t.status),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Read model: views per product, kept by the ProductViewed projection (never written on a read). */
export const productViewCounts = pgTable('product_view_counts', {
  productId: uuid('product_id').primaryKey(),
  views: integer('views').notNull().default(0),
  lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
});

/** SPEC 3 "Contact message". */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull().default('en'),
  isRead: boolean('is_read').notNull().default(false),
  ...timestamps,
});

/** SPEC 3 "Newsletter subscriber": one row per e-mail. */
/**
 * Newsletter signups, double opt-in (docs/crm.md): `pending` until the link of the confirmation
 * e-mail is followed (nothing reaches Brevo and no welcome is sent before), then `confirmed`;
 * `unsubscribed` by the one-click link of any marketing e-mail, which also keeps an address that
 * never subscribed (a cart-recovery recipient) from more marketing mail.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  locale: text('locale').notNull().default('en'),
  source: text('source').notNull().default('footer'),
  status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull().default('pending'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Every e-mail the store sends, keyed by purpose and subject: written before sending,
 * marked after, so a retried activity or a redelivered event never sends the same e-mail twice.
 * purpose: order-confirmation, cart-recovery, contact-ack, contact-staff, newsletter-welcome,
 * order-shipped, …; subjectId: the order id, lead id, contact message id, subscriber id.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    subjectId: text('subject_id').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull().default('en'),
    subject: text('subject').notNull().default(''),
    /**
     * pending (claimed, not yet handed to SMTP), sent, failed; suppressed: over the address's
     * daily budget, never sent (docs/email.md).
     */
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'suppressed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's Message-ID once sent. */
    messageId: text('message_id'),
    lastError: text('last_error'),
    requestId: text('request_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('emails_purpose_subject_uq').on(t.purpose, t.subjectId),
    index('emails_status_idx').on(t.status),
    // The daily budget counts one address's mail of the last 24 hours.
    index('emails_recipient_day_idx').on(sql`lower(${t.recipient})`, t.createdAt),
  ],
);

/**
 * What the e-mail-marketing sync (Brevo) owes or did per contact (docs/crm.md): one row per e-mail and
 * source; `payload` is the attributes and list ids last sent (or that would be sent without a key).
 */
export const marketingSync = pgTable(
  'marketing_sync',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** subscriber, lead, customer */
    source: text('source').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, synced, failed, recorded (no API key: what would have been sent) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('marketing_sync_email_source_uq').on(t.email, t.source),
    index('marketing_sync_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Images staff uploaded: the SPEC 3 upload result (public_id, secure_url, format,
 * bytes) plus where it lives (local disk under .data/uploads, or the image-hosting provider).
 */
export const uploads = pgTable('uploads', {
  publicId: text('public_id').primaryKey(),
  secureUrl: text('secure_url').notNull(),
  format: text('format').notNull(),
  bytes: integer('bytes').notNull(),
  folder: text('folder').notNull(),
  /** local or cloudinary */
  storage: text('storage').notNull(),
  width: integer('width'),
  height: integer('height'),
  uploadedBy: uuid('uploaded_by'),
  ...timestamps,
});
