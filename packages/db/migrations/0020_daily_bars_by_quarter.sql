CREATE TABLE "ohlc_quarters" (
	"asset_id" integer NOT NULL,
	"quarter" date NOT NULL,
	"days" smallint[] NOT NULL,
	"open" double precision[] NOT NULL,
	"high" double precision[] NOT NULL,
	"low" double precision[] NOT NULL,
	"close" double precision[] NOT NULL,
	"volume" bigint[] NOT NULL,
	CONSTRAINT "ohlc_quarters_asset_id_quarter_pk" PRIMARY KEY("asset_id","quarter")
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
-- Decision 0054: a quarter's row is compressed in place (about 2.8 kB of arrays to 2 kB), never moved out of line.
ALTER TABLE "ohlc_quarters" ALTER COLUMN "days" SET STORAGE MAIN, ALTER COLUMN "open" SET STORAGE MAIN,
	ALTER COLUMN "high" SET STORAGE MAIN, ALTER COLUMN "low" SET STORAGE MAIN, ALTER COLUMN "close" SET STORAGE MAIN,
	ALTER COLUMN "volume" SET STORAGE MAIN;--> statement-breakpoint
INSERT INTO "ohlc_quarters" ("asset_id", "quarter", "days", "open", "high", "low", "close", "volume")
SELECT "asset_id", date_trunc('quarter', "date"::timestamp)::date,
	array_agg(("date" - date_trunc('quarter', "date"::timestamp)::date)::smallint ORDER BY "date"),
	array_agg("open" ORDER BY "date"), array_agg("high" ORDER BY "date"), array_agg("low" ORDER BY "date"),
	array_agg("close" ORDER BY "date"), array_agg("volume" ORDER BY "date")
FROM "ohlc_daily" GROUP BY 1, 2;--> statement-breakpoint
DROP TABLE "ohlc_daily" CASCADE;--> statement-breakpoint
ALTER TABLE "ohlc_quarters" ADD CONSTRAINT "ohlc_quarters_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE VIEW "ohlc_daily" AS
SELECT q."asset_id", q."quarter", q."quarter" + b."day" AS "date", b."open", b."high", b."low", b."close", b."volume"
FROM "ohlc_quarters" q
CROSS JOIN LATERAL unnest(q."days", q."open", q."high", q."low", q."close", q."volume")
	AS b("day", "open", "high", "low", "close", "volume");
