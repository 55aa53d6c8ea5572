CREATE TABLE "cashier_settings" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upi_vpa" text,
	"upi_payee_name" text,
	"bank_account_holder_name" text,
	"bank_account_number" text,
	"bank_ifsc_code" text,
	"bank_name" text,
	"min_deposit_paise" bigint NOT NULL,
	"max_deposit_paise" bigint NOT NULL,
	"min_withdrawal_paise" bigint NOT NULL,
	"max_withdrawal_paise" bigint NOT NULL,
	"gateway_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_deposit_limits" CHECK ("cashier_settings"."min_deposit_paise" > 0 and "cashier_settings"."max_deposit_paise" >= "cashier_settings"."min_deposit_paise"),
	CONSTRAINT "cashier_withdrawal_limits" CHECK ("cashier_settings"."min_withdrawal_paise" > 0 and "cashier_settings"."max_withdrawal_paise" >= "cashier_settings"."min_withdrawal_paise")
);
--> statement-breakpoint
CREATE TABLE "payment_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_image_size" CHECK ("payment_images"."byte_size" > 0 and "payment_images"."byte_size" <= 5242880)
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "image_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "payout_utr" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "cashier_settings" ADD CONSTRAINT "cashier_settings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_images" ADD CONSTRAINT "payment_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_images" ADD CONSTRAINT "payment_images_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_images_user_sha256" ON "payment_images" USING btree ("user_id","sha256");--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_image_id_payment_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."payment_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_domain_status" ON "payment_requests" USING btree ("domain_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_domain_utr" ON "payment_requests" USING btree ("domain_id","utr") WHERE "payment_requests"."utr" is not null;