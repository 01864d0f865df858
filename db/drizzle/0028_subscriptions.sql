CREATE SEQUENCE "public"."subscription_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"change_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"actor_id" text,
	"applies_from_cycle" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_changes_change_id_unique" UNIQUE("change_id"),
	CONSTRAINT "subscription_changes_seq_uq" UNIQUE("subscription_id","seq"),
	CONSTRAINT "subscription_changes_kind_known" CHECK ("subscription_changes"."kind" in ('skip', 'pause', 'resume', 'frequency', 'quantity', 'variation', 'address', 'card', 'cancel', 'price')),
	CONSTRAINT "subscription_changes_source_known" CHECK ("subscription_changes"."source" in ('shopper', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "subscription_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"payment_intent_id" text,
	"amount_fils" integer,
	"order_id" text,
	"skip_reason" text,
	"moved_weeks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_cycles_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "subscription_cycles_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "subscription_cycles_number_uq" UNIQUE("subscription_id","number"),
	CONSTRAINT "subscription_cycles_status_known" CHECK ("subscription_cycles"."status" in ('pending', 'ordered', 'skipped', 'payment_failed', 'cancelled')),
	CONSTRAINT "subscription_cycles_number_positive" CHECK ("subscription_cycles"."number" >= 1),
	CONSTRAINT "subscription_cycles_ordered_has_order" CHECK ("subscription_cycles"."status" <> 'ordered' or ("subscription_cycles"."order_id" is not null and "subscription_cycles"."payment_intent_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pause_reason" text,
	"paused_until" timestamp with time zone,
	"customer_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"emirate" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"lines" jsonb NOT NULL,
	"frequency_weeks" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"next_charge_at" timestamp with time zone,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_number_unique" UNIQUE("number"),
	CONSTRAINT "subscriptions_status_known" CHECK ("subscriptions"."status" in ('active', 'past_due', 'paused', 'cancelled')),
	CONSTRAINT "subscriptions_frequency_range" CHECK ("subscriptions"."frequency_weeks" between 1 and 52),
	CONSTRAINT "subscriptions_discount_range" CHECK ("subscriptions"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_cycles_status_idx" ON "subscription_cycles" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "subscriptions_status_next_idx" ON "subscriptions" USING btree ("status","next_charge_at");--> statement-breakpoint
CREATE INDEX "subscriptions_email_idx" ON "subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");