-- Responsible gaming (issue 17, api-shapes C6): each player's deposit and loss limits and reality
-- check as they apply now, every change asked for (applied, pending or cancelled; never deleted),
-- and the time-out beside the self-exclusion the users table already held.
CREATE TABLE "responsible_gaming_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text,
	"from_value" text,
	"to_value" text,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "rg_changes_period" CHECK (("responsible_gaming_changes"."kind" in ('deposit_limit', 'loss_limit')) = ("responsible_gaming_changes"."period" is not null))
);
--> statement-breakpoint
CREATE TABLE "responsible_gaming_limits" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"deposit_day_paise" bigint,
	"deposit_week_paise" bigint,
	"deposit_month_paise" bigint,
	"loss_day_paise" bigint,
	"loss_week_paise" bigint,
	"loss_month_paise" bigint,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_not_negative" CHECK (coalesce("responsible_gaming_limits"."deposit_day_paise", 0) >= 0 and coalesce("responsible_gaming_limits"."deposit_week_paise", 0) >= 0
        and coalesce("responsible_gaming_limits"."deposit_month_paise", 0) >= 0 and coalesce("responsible_gaming_limits"."loss_day_paise", 0) >= 0
        and coalesce("responsible_gaming_limits"."loss_week_paise", 0) >= 0 and coalesce("responsible_gaming_limits"."loss_month_paise", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timed_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "responsible_gaming_changes" ADD CONSTRAINT "responsible_gaming_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_gaming_changes" ADD CONSTRAINT "responsible_gaming_changes_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_gaming_limits" ADD CONSTRAINT "responsible_gaming_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_gaming_limits" ADD CONSTRAINT "responsible_gaming_limits_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_changes_user" ON "responsible_gaming_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_changes_one_pending" ON "responsible_gaming_changes" USING btree ("user_id","kind","period") WHERE "responsible_gaming_changes"."status" = 'pending';