CREATE TABLE "call_index_state" (
	"file_id" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_passages" (
	"call_id" text NOT NULL,
	"seq" integer NOT NULL,
	"file_id" text,
	"event_id" integer,
	"asset_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"period_year" smallint,
	"period" text,
	"part" text,
	"role" text NOT NULL,
	"speaker" text NOT NULL,
	"section" smallint NOT NULL,
	"paragraph" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), (case "role" when 'executive' then 'A' when 'analyst' then 'B' else 'D' end)::"char")) STORED NOT NULL,
	CONSTRAINT "call_passages_call_id_seq_pk" PRIMARY KEY("call_id","seq")
);
--> statement-breakpoint
CREATE TABLE "call_search_hits" (
	"saved_search_id" uuid NOT NULL,
	"call_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_search_hits_saved_search_id_call_id_pk" PRIMARY KEY("saved_search_id","call_id")
);
--> statement-breakpoint
CREATE TABLE "saved_call_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_index_state" ADD CONSTRAINT "call_index_state_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_passages" ADD CONSTRAINT "call_passages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_passages" ADD CONSTRAINT "call_passages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_passages" ADD CONSTRAINT "call_passages_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_search_hits" ADD CONSTRAINT "call_search_hits_saved_search_id_saved_call_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_call_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_call_searches" ADD CONSTRAINT "saved_call_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_passages_tsv_idx" ON "call_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "call_passages_asset_date_idx" ON "call_passages" USING btree ("asset_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_passages_event_idx" ON "call_passages" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "saved_call_searches_user_idx" ON "saved_call_searches" USING btree ("user_id","created_at" DESC NULLS LAST);