CREATE TABLE "analyst_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"firm" text NOT NULL,
	"analyst" text,
	"action" text NOT NULL,
	"from_grade" text,
	"to_grade" text,
	"price_target" double precision,
	"prior_price_target" double precision,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyst_trends" (
	"asset_id" integer NOT NULL,
	"month" date NOT NULL,
	"strong_buy" smallint DEFAULT 0 NOT NULL,
	"buy" smallint DEFAULT 0 NOT NULL,
	"hold" smallint DEFAULT 0 NOT NULL,
	"sell" smallint DEFAULT 0 NOT NULL,
	"strong_sell" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "analyst_trends_asset_id_month_pk" PRIMARY KEY("asset_id","month")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"symbol_upper" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"exchange" text,
	"cik" text,
	"sector" text,
	"industry" text,
	"country" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"description" text,
	"website" text,
	"fiscal_year_end_month" smallint,
	"shares_outstanding" bigint,
	"market_cap" double precision,
	"popularity" integer DEFAULT 0 NOT NULL,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"record_date" date,
	"payment_date" date,
	"declared_date" date,
	"amount" double precision NOT NULL,
	"frequency" smallint,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"period_year" smallint NOT NULL,
	"period" text NOT NULL,
	"period_end" date,
	"date" date NOT NULL,
	"time" text,
	"session" text,
	"date_status" text NOT NULL,
	"date_source" text NOT NULL,
	"eps_estimate" double precision,
	"eps_actual" double precision,
	"eps_prior_year" double precision,
	"revenue_estimate" double precision,
	"revenue_actual" double precision,
	"revenue_prior_year" double precision,
	"estimate_count" smallint,
	"reported_at" timestamp with time zone,
	"price_move_percent" double precision,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_date_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"earnings_id" integer NOT NULL,
	"old_date" date,
	"new_date" date NOT NULL,
	"old_time" text,
	"new_time" text,
	"old_status" text,
	"new_status" text NOT NULL,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"event_status" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"asset_id" integer,
	"symbol" text,
	"title" text NOT NULL,
	"description" text,
	"earnings_id" integer,
	"period_year" smallint,
	"period" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audio_url" text,
	"youtube_url" text,
	"external_id" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_analysis" (
	"file_id" text PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sentiment" double precision,
	"model" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"type" text NOT NULL,
	"period_year" smallint NOT NULL,
	"period" text NOT NULL,
	"event_id" integer,
	"title" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"url" text,
	"mime_type" text,
	"content" jsonb,
	"external_file_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"period_year" smallint NOT NULL,
	"period" text NOT NULL,
	"metric" text NOT NULL,
	"low" double precision,
	"high" double precision,
	"consensus" double precision,
	"issued_date" date NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_constituents" (
	"index_id" text NOT NULL,
	"asset_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"score" double precision,
	"weight" double precision,
	"added_date" date NOT NULL,
	CONSTRAINT "index_constituents_index_id_asset_id_pk" PRIMARY KEY("index_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "index_rebalances" (
	"id" serial PRIMARY KEY NOT NULL,
	"index_id" text NOT NULL,
	"date" date NOT NULL,
	"added" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingestion_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"dataset" text NOT NULL,
	"status" text NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_indexes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"ranking" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"ps" double precision,
	"pe" double precision,
	"yoy_eps" double precision,
	"yoy_revenue" double precision,
	"overall_score" double precision,
	"components" jsonb,
	CONSTRAINT "metrics_asset_id_date_pk" PRIMARY KEY("asset_id","date")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body" text,
	"url" text,
	"image_url" text,
	"author" text,
	"news_type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"symbols" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ohlc_daily" (
	"asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ohlc_daily_asset_id_date_pk" PRIMARY KEY("asset_id","date")
);
--> statement-breakpoint
CREATE TABLE "ohlc_intraday" (
	"asset_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"session" text NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ohlc_intraday_asset_id_interval_minutes_ts_pk" PRIMARY KEY("asset_id","interval_minutes","ts")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"price" double precision NOT NULL,
	"prev_close" double precision,
	"open" double precision,
	"low_price" double precision,
	"high_price" double precision,
	"volume" bigint,
	"extended_price" double precision,
	"extended_session" text,
	"extended_at" timestamp with time zone,
	"quoted_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sec_filings" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer,
	"cik" text NOT NULL,
	"accession_number" text NOT NULL,
	"form" text NOT NULL,
	"kind" text NOT NULL,
	"filed_date" date NOT NULL,
	"accepted_at" timestamp with time zone,
	"period_of_report" date,
	"items" text[] DEFAULT '{}'::text[] NOT NULL,
	"primary_document" text,
	"description" text,
	"url" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_interest" (
	"asset_id" integer NOT NULL,
	"settlement_date" date NOT NULL,
	"shares_short" bigint NOT NULL,
	"previous_shares_short" bigint,
	"change_percent" double precision,
	"days_to_cover" double precision,
	"average_volume" bigint,
	"percent_of_float" double precision,
	"source" text NOT NULL,
	CONSTRAINT "short_interest_asset_id_settlement_date_pk" PRIMARY KEY("asset_id","settlement_date")
);
--> statement-breakpoint
CREATE TABLE "splits" (
	"asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"numerator" double precision NOT NULL,
	"denominator" double precision NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "splits_asset_id_date_pk" PRIMARY KEY("asset_id","date")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"list_id" text,
	"symbol" text,
	"asset_type" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"quantity" double precision,
	"price" double precision,
	"amount" double precision,
	"comment" text,
	"executed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyst_ratings" ADD CONSTRAINT "analyst_ratings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyst_trends" ADD CONSTRAINT "analyst_trends_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_date_changes" ADD CONSTRAINT "earnings_date_changes_earnings_id_earnings_id_fk" FOREIGN KEY ("earnings_id") REFERENCES "public"."earnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_earnings_id_earnings_id_fk" FOREIGN KEY ("earnings_id") REFERENCES "public"."earnings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_analysis" ADD CONSTRAINT "file_analysis_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance" ADD CONSTRAINT "guidance_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_index_id_market_indexes_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."market_indexes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_rebalances" ADD CONSTRAINT "index_rebalances_index_id_market_indexes_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."market_indexes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ohlc_daily" ADD CONSTRAINT "ohlc_daily_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ohlc_intraday" ADD CONSTRAINT "ohlc_intraday_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_filings" ADD CONSTRAINT "sec_filings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_interest" ADD CONSTRAINT "short_interest_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analyst_ratings_unique_idx" ON "analyst_ratings" USING btree ("asset_id","date","firm");--> statement-breakpoint
CREATE INDEX "analyst_ratings_asset_date_idx" ON "analyst_ratings" USING btree ("asset_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analyst_ratings_date_idx" ON "analyst_ratings" USING btree ("date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "assets_type_symbol_idx" ON "assets" USING btree ("type","symbol_upper");--> statement-breakpoint
CREATE INDEX "assets_symbol_upper_idx" ON "assets" USING btree ("symbol_upper");--> statement-breakpoint
CREATE INDEX "assets_market_cap_idx" ON "assets" USING btree ("type","market_cap" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assets_popularity_idx" ON "assets" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assets_cik_idx" ON "assets" USING btree ("cik");--> statement-breakpoint
CREATE UNIQUE INDEX "dividends_asset_ex_idx" ON "dividends" USING btree ("asset_id","ex_date");--> statement-breakpoint
CREATE INDEX "dividends_ex_idx" ON "dividends" USING btree ("ex_date");--> statement-breakpoint
CREATE INDEX "dividends_payment_idx" ON "dividends" USING btree ("payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_asset_period_idx" ON "earnings" USING btree ("asset_id","period_year","period");--> statement-breakpoint
CREATE INDEX "earnings_date_idx" ON "earnings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "earnings_asset_date_idx" ON "earnings" USING btree ("asset_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "earnings_date_changes_earnings_idx" ON "earnings_date_changes" USING btree ("earnings_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_source_external_idx" ON "events" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "events_type_status_date_idx" ON "events" USING btree ("event_type","event_status","event_date");--> statement-breakpoint
CREATE INDEX "events_asset_date_idx" ON "events" USING btree ("asset_id","event_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_asset_period_idx" ON "files" USING btree ("asset_id","period_year","period");--> statement-breakpoint
CREATE INDEX "files_type_date_idx" ON "files" USING btree ("type","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_external_idx" ON "files" USING btree ("external_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guidance_unique_idx" ON "guidance" USING btree ("asset_id","period_year","period","metric","issued_date");--> statement-breakpoint
CREATE INDEX "guidance_issued_idx" ON "guidance" USING btree ("asset_id","issued_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "index_constituents_rank_idx" ON "index_constituents" USING btree ("index_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "index_rebalances_date_idx" ON "index_rebalances" USING btree ("index_id","date");--> statement-breakpoint
CREATE INDEX "ingestion_runs_provider_idx" ON "ingestion_runs" USING btree ("provider","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "metrics_date_score_idx" ON "metrics" USING btree ("date","overall_score" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "news_source_external_idx" ON "news" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_symbols_idx" ON "news" USING gin ("symbols");--> statement-breakpoint
CREATE INDEX "news_tags_idx" ON "news" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "news_type_published_idx" ON "news" USING btree ("news_type","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sec_filings_accession_idx" ON "sec_filings" USING btree ("accession_number","cik");--> statement-breakpoint
CREATE INDEX "sec_filings_asset_date_idx" ON "sec_filings" USING btree ("asset_id","filed_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sec_filings_kind_date_idx" ON "sec_filings" USING btree ("kind","filed_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "short_interest_date_idx" ON "short_interest" USING btree ("settlement_date");--> statement-breakpoint
CREATE INDEX "transactions_asset_idx" ON "transactions" USING btree ("asset_type","symbol","executed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","executed_at" DESC NULLS LAST);