CREATE TABLE "consumer_dead_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consumer" text NOT NULL,
	"stream" text NOT NULL,
	"stream_seq" bigint NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"headers" jsonb,
	"request_id" text,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"last_error" text,
	"dead_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redriven_at" timestamp with time zone,
	"redriven_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "consumer_dead_letters_seq_uq" ON "consumer_dead_letters" USING btree ("consumer","stream","stream_seq");--> statement-breakpoint
CREATE INDEX "consumer_dead_letters_dead_idx" ON "consumer_dead_letters" USING btree ("dead_at");