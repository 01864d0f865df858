-- The per-contact cap on open pay-later sessions (docs/pay-later.md) counts the TABBY checkouts
-- still open: a handful at any time, whatever the history holds.
CREATE INDEX IF NOT EXISTS "checkouts_open_tabby_idx" ON "checkouts" ("created_at")
  WHERE "provider" = 'TABBY' AND "status" = 'open';
