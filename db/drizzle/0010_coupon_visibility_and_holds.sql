ALTER TABLE "promotions" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "promotion_redemptions_reserved_idx" ON "promotion_redemptions" USING btree ("updated_at") WHERE "promotion_redemptions"."status" = 'reserved';