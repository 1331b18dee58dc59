ALTER TABLE "idp_users" ADD COLUMN "sms_mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_users" ADD COLUMN "preferred_mfa" text;