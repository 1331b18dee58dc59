CREATE TABLE "earnings_reactions" (
	"earnings_id" integer PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"session" text,
	"reason" text,
	"base_date" date,
	"reaction_date" date,
	"long_end_date" date,
	"gap_percent" double precision,
	"one_day_percent" double precision,
	"five_day_percent" double precision,
	"intraday_range_percent" double precision,
	"benchmark_percent" double precision,
	"relative_percent" double precision,
	"split_adjusted" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reaction_stats" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"typical_move_percent" double precision,
	"expected_move_percent" double precision,
	"expected_move_source" text,
	"stats" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earnings_reactions" ADD CONSTRAINT "earnings_reactions_earnings_id_earnings_id_fk" FOREIGN KEY ("earnings_id") REFERENCES "public"."earnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_reactions" ADD CONSTRAINT "earnings_reactions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reaction_stats" ADD CONSTRAINT "reaction_stats_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_reactions_asset_idx" ON "earnings_reactions" USING btree ("asset_id","report_date" DESC NULLS LAST);