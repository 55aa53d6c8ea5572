CREATE TABLE "bet_actions" (
	"user_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_actions_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
DROP INDEX "bets_user_request";--> statement-breakpoint
DROP INDEX "bets_user_market_open";--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "order_id" bigint;--> statement-breakpoint
-- Every bet placed before orders was an order of one row.
UPDATE "bets" SET "order_id" = "id";--> statement-breakpoint
ALTER TABLE "bets" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "persistence" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "matched_version" bigint;--> statement-breakpoint
ALTER TABLE "bet_actions" ADD CONSTRAINT "bet_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_order" ON "bets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bets_market_resting" ON "bets" USING btree ("market_id") WHERE "bets"."status" = 'UNMATCHED';--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_request" ON "bets" USING btree ("user_id","request_id") WHERE "bets"."id" = "bets"."order_id";--> statement-breakpoint
CREATE INDEX "bets_user_market_open" ON "bets" USING btree ("user_id","market_id") WHERE "bets"."status" in ('MATCHED', 'UNMATCHED');--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_status_known" CHECK ("bets"."status" in ('MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED'));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_persistence_known" CHECK ("bets"."persistence" in ('cancel', 'keep'));