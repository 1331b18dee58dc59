CREATE TABLE "search_index_state" (
	"call_id" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_passages" ALTER COLUMN "asset_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_passages" ALTER COLUMN "symbol" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_passages" ALTER COLUMN "role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_passages" ADD COLUMN "source" text DEFAULT 'transcript' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_passages" ADD COLUMN "news_id" integer;--> statement-breakpoint
ALTER TABLE "call_passages" ADD COLUMN "filing_id" integer;--> statement-breakpoint
ALTER TABLE "call_passages" drop column "tsv";--> statement-breakpoint
ALTER TABLE "call_passages" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), (case "source" when 'transcript' then (case "role" when 'executive' then 'A' when 'analyst' then 'B' else 'D' end) when 'news' then (case when "section" = 0 then 'A' else 'B' end) when 'filing' then 'C' else 'A' end)::"char")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "call_passages_tsv_idx" ON "call_passages" USING gin ("tsv");--> statement-breakpoint
ALTER TABLE "call_passages" ADD CONSTRAINT "call_passages_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_passages" ADD CONSTRAINT "call_passages_filing_id_sec_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."sec_filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_passages_news_idx" ON "call_passages" USING btree ("news_id") WHERE "news_id" is not null;--> statement-breakpoint
CREATE INDEX "call_passages_filing_idx" ON "call_passages" USING btree ("filing_id") WHERE "filing_id" is not null;
