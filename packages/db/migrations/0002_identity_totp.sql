ALTER TABLE "idp_users" ADD COLUMN "sealed_totp_secret" text;--> statement-breakpoint
ALTER TABLE "idp_users" ADD COLUMN "sealed_pending_totp_secret" text;--> statement-breakpoint
ALTER TABLE "idp_users" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;