ALTER TABLE "promotions" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;