-- Coupon uses held by pay-later sessions opened before holds had an expiry: Tabby's unpaid payment
-- expires about 30 minutes after the session (docs/pay-later.md), so that is when such a hold ends.
-- Without it the sweeper would take them for cash-on-delivery holds, released on age alone.
UPDATE "promotion_redemptions" AS r
SET "expires_at" = c."created_at" + interval '30 minutes'
FROM "checkouts" AS c
WHERE c."id" = r."checkout_id"
  AND c."provider" = 'TABBY'
  AND r."status" = 'reserved'
  AND r."expires_at" IS NULL;
