CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"duration" text DEFAULT 'once' NOT NULL,
	"duration_months" integer,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"is_free_after_promo" boolean DEFAULT false NOT NULL,
	"plans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"stripe_coupon_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0 and ("coupons"."discount_type" = 'amount' or "coupons"."value" <= 100)),
	CONSTRAINT "coupons_redemptions_check" CHECK ("coupons"."redemptions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"app" text NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stripe_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_prices_amount_check" CHECK ("plan_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_name_lower_idx" ON "coupons" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_stripe_idx" ON "coupons" USING btree ("stripe_coupon_id");--> statement-breakpoint
CREATE INDEX "coupons_source_idx" ON "coupons" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_active_idx" ON "plan_prices" USING btree ("app","plan","interval") WHERE "plan_prices"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_stripe_idx" ON "plan_prices" USING btree ("stripe_price_id");