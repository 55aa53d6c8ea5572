CREATE TABLE "bonus_wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_bonus_id" bigint NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_wagers_amount_positive" CHECK ("bonus_wagers"."amount_paise" > 0)
);
--> statement-breakpoint
DROP INDEX "user_bonuses_once";--> statement-breakpoint
ALTER TABLE "bonuses" ALTER COLUMN "amount_paise" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bonuses" ALTER COLUMN "amount_paise" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ALTER COLUMN "percent_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bonuses" ALTER COLUMN "percent_bps" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_device_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_ip" text;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "min_deposit_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "wagering_multiplier" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "valid_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "cashback_period_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "domain_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "period_key" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "wagering_required_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "wagered_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "end_journal_id" bigint;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "domain_id" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "qualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "referral_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "referral_qualifying_deposit_paise" bigint DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "referral_qualifying_turnover_paise" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "referral_monthly_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_wagers" ADD CONSTRAINT "bonus_wagers_user_bonus_id_user_bonuses_id_fk" FOREIGN KEY ("user_bonus_id") REFERENCES "public"."user_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_wagers_once" ON "bonus_wagers" USING btree ("user_bonus_id","source","reference");--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_end_journal_id_journals_id_fk" FOREIGN KEY ("end_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonuses_domain" ON "bonuses" USING btree ("domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bonuses_one_active" ON "user_bonuses" USING btree ("user_id") WHERE "user_bonuses"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "user_bonuses_active_expiry" ON "user_bonuses" USING btree ("expires_at") WHERE "user_bonuses"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "referrals_domain_flagged" ON "referrals" USING btree ("domain_id") WHERE cardinality("referrals"."flags") > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "user_bonuses_once" ON "user_bonuses" USING btree ("user_id","bonus_id","period_key");--> statement-breakpoint
ALTER TABLE "bonuses" DROP COLUMN "starts_at";--> statement-breakpoint
ALTER TABLE "bonuses" DROP COLUMN "ends_at";--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_amount_positive" CHECK ("user_bonuses"."amount_paise" > 0);--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_wagered_not_negative" CHECK ("user_bonuses"."wagered_paise" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "player_bonus_not_negative" CHECK ("ledger_accounts"."code" <> 'PLAYER_BONUS' or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- Referrals before this migration were claimable once the referred player was verified; now they
-- qualify by deposit and turnover, so an unclaimed one waits again (the referral sweep promotes it).
UPDATE "referrals" SET "domain_id" = "users"."domain_id" FROM "users" WHERE "users"."id" = "referrals"."referrer_user_id";--> statement-breakpoint
UPDATE "referrals" SET "status" = 'PENDING' WHERE "status" = 'CLAIMABLE';--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "domain_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_status_known" CHECK ("status" in ('PENDING', 'CLAIMABLE', 'CLAIMED', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_status_known" CHECK ("status" in ('ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED'));--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_kind_known" CHECK ("kind" in ('FirstDeposit', 'Reload', 'Cashback', 'Free'));
