ALTER TABLE "checkouts" ADD COLUMN "checkout_key" uuid;--> statement-breakpoint
CREATE INDEX "checkouts_key_idx" ON "checkouts" USING btree ("checkout_key") WHERE "checkouts"."checkout_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_key_ordered_uq" ON "checkouts" USING btree ("checkout_key") WHERE "checkouts"."status" = 'ordered';