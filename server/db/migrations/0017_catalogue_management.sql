CREATE TABLE "pack_images" (
	"hash" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "swatch" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "pack_images_source" ON "pack_images" USING btree ("source");--> statement-breakpoint
UPDATE "products" SET "swatch" = CASE "color"
	WHEN 'tan' THEN '#c9a878'
	WHEN 'gold' THEN '#d4af37'
	WHEN 'silver' THEN '#c0c4c8'
	WHEN 'azure' THEN '#2f80d1'
	WHEN 'purple' THEN '#6f3d9e'
	WHEN 'baize' THEN '#2e6b45'
	WHEN 'burgundy' THEN '#7a1530'
	WHEN 'magenta' THEN '#c2185b'
END WHERE "type" = 'Stick' AND "swatch" IS NULL;
