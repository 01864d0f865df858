-- Subscribers from before double opt-in signed up once and were welcomed (and sent to Brevo) as
-- subscribers: they stay subscribed, confirmed at their signup (docs/crm.md).
UPDATE "newsletter_subscribers" SET "status" = 'confirmed', "confirmed_at" = "created_at"
WHERE "status" = 'pending' AND "confirmed_at" IS NULL;
