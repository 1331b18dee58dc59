CREATE TABLE "community_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"edit_count" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "community_posts_deleted_check" CHECK (("community_posts"."deleted_at" is null) = ("community_posts"."deleted_by" is null))
);
--> statement-breakpoint
CREATE TABLE "live_transcript_segments" (
	"event_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"speaker" text NOT NULL,
	"role" text,
	"section" text,
	"turn" integer NOT NULL,
	"text" text NOT NULL,
	"spoken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_transcript_segments_event_id_seq_pk" PRIMARY KEY("event_id","seq")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "super_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transcript_segments" ADD CONSTRAINT "live_transcript_segments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_event_idx" ON "community_posts" USING btree ("event_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_user_idx" ON "community_posts" USING btree ("user_id","created_at" DESC NULLS LAST);