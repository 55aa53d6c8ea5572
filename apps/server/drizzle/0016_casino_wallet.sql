-- The seamless wallet's log (issue 15). casino_transactions was declared by 0000 but never written,
-- so it is empty everywhere: its new NOT NULL columns need no default.
DROP INDEX "casino_txn_once";--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "domain_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "transaction_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "outcome" text NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "game_code" text;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "reference_transaction_id" text;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD COLUMN "balance_after_paise" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casino_txn_reference" ON "casino_transactions" USING btree ("provider","reference_transaction_id");--> statement-breakpoint
CREATE INDEX "casino_txn_user" ON "casino_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_bet_reversed_once" ON "casino_transactions" USING btree ("provider","reference_transaction_id") WHERE "casino_transactions"."outcome" = 'reversed';--> statement-breakpoint
CREATE UNIQUE INDEX "casino_txn_once" ON "casino_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
ALTER TABLE "casino_transactions" DROP COLUMN "provider_txn_id";--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_txn_amount_not_negative" CHECK ("casino_transactions"."amount_paise" >= 0);--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_txn_shape" CHECK (("casino_transactions"."type" = 'bet' and "casino_transactions"."outcome" = 'accepted' and "casino_transactions"."reference_transaction_id" is null and "casino_transactions"."game_code" is not null and "casino_transactions"."amount_paise" > 0)
        or ("casino_transactions"."type" = 'win' and "casino_transactions"."outcome" = 'paid' and "casino_transactions"."reference_transaction_id" is not null)
        or ("casino_transactions"."type" = 'rollback' and "casino_transactions"."outcome" in ('reversed', 'already_reversed', 'tombstone') and "casino_transactions"."reference_transaction_id" is not null));