CREATE TABLE "alerts" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"live_call" boolean DEFAULT false NOT NULL,
	"earnings_results" boolean DEFAULT false NOT NULL,
	"event_transcript" boolean DEFAULT false NOT NULL,
	"event_transcript_summary" boolean DEFAULT false NOT NULL,
	"daily_summary" boolean DEFAULT false NOT NULL,
	"weekly_summary" boolean DEFAULT false NOT NULL,
	"analyst_ratings" boolean DEFAULT false NOT NULL,
	"guidance" boolean DEFAULT false NOT NULL,
	"dividend_payment" boolean DEFAULT false NOT NULL,
	"earnings_reminder" boolean DEFAULT true NOT NULL,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	"notify_by_sms" boolean DEFAULT false NOT NULL,
	"notify_by_push" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_list_items" (
	"list_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"asset_type" text NOT NULL,
	"quantity" double precision DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cash" double precision DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_filters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"symbols" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_list_items" ADD CONSTRAINT "asset_list_items_list_id_asset_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."asset_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_list_items" ADD CONSTRAINT "asset_list_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_lists" ADD CONSTRAINT "asset_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_filters" ADD CONSTRAINT "earnings_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_symbol_idx" ON "alerts" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE INDEX "alerts_symbol_idx" ON "alerts" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_list_items_list_symbol_idx" ON "asset_list_items" USING btree ("list_id","symbol");--> statement-breakpoint
CREATE INDEX "asset_list_items_user_idx" ON "asset_list_items" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE INDEX "asset_lists_user_idx" ON "asset_lists" USING btree ("user_id","created_at");