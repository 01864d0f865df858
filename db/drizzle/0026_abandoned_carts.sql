CREATE TABLE "abandoned_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_key" text NOT NULL,
	"value_fils" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"abandoned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone,
	CONSTRAINT "abandoned_carts_cart_key_unique" UNIQUE("cart_key")
);
--> statement-breakpoint
CREATE INDEX "abandoned_carts_abandoned_at_idx" ON "abandoned_carts" USING btree ("abandoned_at");