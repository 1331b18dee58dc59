CREATE TABLE "affiliate_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"charge_id" integer,
	"subscription_id" integer,
	"reverses_id" integer,
	"charge_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"percent" smallint NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"accounting_status" text NOT NULL,
	"reason" text,
	"charged_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone NOT NULL,
	"accounted_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commissions_sign_check" CHECK (("affiliate_commissions"."kind" = 'commission' and "affiliate_commissions"."amount" >= 0) or ("affiliate_commissions"."kind" = 'reversal' and "affiliate_commissions"."amount" <= 0))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"transfer_group" text NOT NULL,
	"transfer_id" text,
	"failure" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "affiliate_payouts_amount_check" CHECK ("affiliate_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"connect_provider" text,
	"connect_account_id" text,
	"connect_country" text,
	"connect_details_submitted" boolean DEFAULT false NOT NULL,
	"connect_payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_user_id_users_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_reverses_id_affiliate_commissions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."affiliate_commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_user_id_users_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_charge_idx" ON "affiliate_commissions" USING btree ("charge_id","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_user_id","charged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliate_commissions_pending_idx" ON "affiliate_commissions" USING btree ("settles_at") WHERE "affiliate_commissions"."accounting_status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_commissions_unpaid_idx" ON "affiliate_commissions" USING btree ("affiliate_user_id","accounted_at") WHERE "affiliate_commissions"."accounting_status" = 'accounted' and "affiliate_commissions"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "affiliate_commissions_payout_idx" ON "affiliate_commissions" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_period_idx" ON "affiliate_payouts" USING btree ("affiliate_user_id","period","currency");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_status_idx" ON "affiliate_payouts" USING btree ("period","status");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_idx" ON "affiliates" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_connect_account_idx" ON "affiliates" USING btree ("connect_account_id");--> statement-breakpoint
CREATE INDEX "affiliates_status_idx" ON "affiliates" USING btree ("status","requested_at");