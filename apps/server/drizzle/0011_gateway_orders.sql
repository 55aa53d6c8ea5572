CREATE TABLE "payment_notices" (
	"provider" text NOT NULL,
	"notice_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notices_provider_notice_id_pk" PRIMARY KEY("provider","notice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"upi_uri" text NOT NULL,
	"utr" text,
	"journal_id" bigint,
	"late_success" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_order_amount_positive" CHECK ("payment_orders"."amount_paise" > 0),
	CONSTRAINT "payment_order_success_credited" CHECK (("payment_orders"."status" = 'SUCCESS') = ("payment_orders"."journal_id" is not null and "payment_orders"."utr" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_upi_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"payee_vpa" text NOT NULL,
	"payee_name" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"note" text NOT NULL,
	"upi_uri" text NOT NULL,
	"status" text NOT NULL,
	"utr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sandbox_upi_orders_utr_unique" UNIQUE("utr")
);
--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_order" ON "payment_notices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_orders_user" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_utr" ON "payment_orders" USING btree ("provider","utr") WHERE "payment_orders"."utr" is not null;