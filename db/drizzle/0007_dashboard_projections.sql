CREATE TABLE "customer_first_orders" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"first_placed_at" timestamp with time zone NOT NULL,
	"first_order_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_growth_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_daily" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_fils" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_views_daily" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_views_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "projection_products" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projection_promotions" (
	"promotion_id" uuid PRIMARY KEY NOT NULL,
	"is_active" boolean NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projection_orders" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "projection_promotions_window_idx" ON "projection_promotions" USING btree ("start_date","end_date") WHERE "projection_promotions"."is_active";--> statement-breakpoint
CREATE INDEX "projection_orders_placed_idx" ON "projection_orders" USING btree ("placed_at" DESC NULLS LAST) WHERE "projection_orders"."placed_at" is not null;--> statement-breakpoint
-- Orders projected before this column existed keep their placedAt in the payload.
UPDATE "projection_orders" SET "placed_at" = ("payload" ->> 'placedAt')::timestamptz WHERE "payload" ? 'placedAt';
