-- The operators' console (issue 16): the images a site's owner uploads (logo, favicon, slides),
-- served publicly from the site's host, and the casino providers an owner switched off or on for
-- the site (no row: on).
CREATE TABLE "casino_provider_settings" (
	"domain_id" integer NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "casino_provider_settings_domain_id_provider_pk" PRIMARY KEY("domain_id","provider")
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_image_size" CHECK ("site_images"."byte_size" > 0 and "site_images"."byte_size" <= 5242880)
);
--> statement-breakpoint
ALTER TABLE "casino_provider_settings" ADD CONSTRAINT "casino_provider_settings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_provider_settings" ADD CONSTRAINT "casino_provider_settings_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_images" ADD CONSTRAINT "site_images_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_images" ADD CONSTRAINT "site_images_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_images_domain_sha256" ON "site_images" USING btree ("domain_id","sha256");