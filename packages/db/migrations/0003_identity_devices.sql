CREATE TABLE "idp_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"group_key" text NOT NULL,
	"salt" text,
	"sealed_verifier" text,
	"name" text,
	"status" text DEFAULT 'not_remembered' NOT NULL,
	"last_authenticated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_devices" ADD CONSTRAINT "idp_devices_sub_idp_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_devices_sub_idx" ON "idp_devices" USING btree ("sub","created_at");