CREATE TABLE "idp_federated_identities" (
	"provider_name" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "idp_federated_identities_provider_name_provider_user_id_pk" PRIMARY KEY("provider_name","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "idp_oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"scope" text NOT NULL,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"origin_jti" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_refresh_tokens" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "idp_federated_identities" ADD CONSTRAINT "idp_federated_identities_sub_idp_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_oauth_codes" ADD CONSTRAINT "idp_oauth_codes_sub_idp_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_federated_identities_sub_idx" ON "idp_federated_identities" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "idp_oauth_codes_expires_idx" ON "idp_oauth_codes" USING btree ("expires_at");