-- House accounts without a hot row (issue 18). Every casino call of a site posted a journal against
-- the site's one HOUSE_CASINO row, and the journal-line trigger updated that row: the site's casino
-- calls queued on its lock, each holding it to its commit. A house account's balance now lives in
-- 16 stripes; a line on a house account adds to the first stripe no other transaction holds (FOR
-- UPDATE SKIP LOCKED), so concurrent journals of one house account do not wait for each other, and
-- the account's balance, the sum of its stripes, is always exactly the sum of its lines. Players'
-- accounts are unchanged: one row, updated by each line, with the running balance on the line.
CREATE TABLE "ledger_account_stripes" (
	"account_id" bigint NOT NULL,
	"stripe" smallint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_stripes_account_id_stripe_pk" PRIMARY KEY("account_id","stripe")
) WITH (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "ledger_account_stripes" ADD CONSTRAINT "ledger_account_stripes_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A house line has no running balance (no line knows the sum of the stripes after it).
ALTER TABLE "journal_lines" ALTER COLUMN "balance_after" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
-- The house accounts there are: their balance so far moves to stripe 0, their own column to 0.
INSERT INTO "ledger_account_stripes" ("account_id", "stripe", "balance")
  SELECT a.id, s.stripe, CASE WHEN s.stripe = 0 THEN a.balance ELSE 0 END
  FROM "ledger_accounts" a CROSS JOIN generate_series(0, 15) AS s(stripe)
  WHERE a.user_id IS NULL;
--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "user_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "house_balance_in_stripes" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."balance" = 0);
--> statement-breakpoint
-- A house account opened from now on gets its stripes in the same transaction.
CREATE FUNCTION ledger_open_stripes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_account_stripes (account_id, stripe)
    SELECT NEW.id, s FROM generate_series(0, 15) AS s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_stripes AFTER INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.user_id IS NULL) EXECUTE FUNCTION ledger_open_stripes();
--> statement-breakpoint
-- Each journal line moves its account's balance: a player's row (and records the running balance),
-- or one stripe of a house account: the first one free, or, when every stripe is held by another
-- transaction, the one this connection's number picks, waiting for it as before for the one row.
CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen smallint;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
    WHERE id = NEW.account_id AND user_id IS NOT NULL
    RETURNING balance INTO NEW.balance_after;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  SELECT stripe INTO chosen FROM ledger_account_stripes
    WHERE account_id = NEW.account_id
    ORDER BY stripe
    LIMIT 1
    FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM ledger_account_stripes WHERE account_id = NEW.account_id) THEN
      RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = '23503';
    END IF;
    chosen := pg_backend_pid() % 16;
  END IF;
  UPDATE ledger_account_stripes SET balance = balance + NEW.amount
    WHERE account_id = NEW.account_id AND stripe = chosen;
  NEW.balance_after := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every account's balance, as readers should take it: a player's row, a house account's stripes.
CREATE VIEW ledger_account_balances AS
  SELECT a.id AS account_id,
         a.balance + coalesce((SELECT sum(s.balance) FROM ledger_account_stripes s WHERE s.account_id = a.id), 0)::bigint AS balance
  FROM ledger_accounts a;
