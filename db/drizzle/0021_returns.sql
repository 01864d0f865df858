CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"refund_fils" integer NOT NULL,
	"resaleable" boolean,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photo_url" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"shipping_refund_fils" integer DEFAULT 0 NOT NULL,
	"refund_fils" integer NOT NULL,
	"refund_method" text,
	"cod_reference" text,
	"refund_id" uuid,
	"staff_message" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"arrive_by" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" text,
	"expired_at" timestamp with time zone,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_status_known" CHECK ("returns"."status" in ('requested', 'approved', 'rejected', 'received', 'refunded', 'expired')),
	CONSTRAINT "returns_refund_nonnegative" CHECK ("returns"."refund_fils" >= 0 and "returns"."shipping_refund_fils" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_open_item_uq" ON "return_lines" USING btree ("order_item_id") WHERE "return_lines"."open";--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at");