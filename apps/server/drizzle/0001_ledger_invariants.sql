-- Ledger invariants enforced by the database itself, whatever code writes to it.
-- 1. Each journal line moves its account's balance and records the running balance.
CREATE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
    WHERE id = NEW.account_id
    RETURNING balance INTO NEW.balance_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_apply BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_line();
--> statement-breakpoint
-- 2. Posted lines and journals are history: never changed, never deleted.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journals_immutable BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
-- 3. At commit, every journal has at least two lines and its lines sum to zero.
CREATE FUNCTION ledger_assert_balanced(jid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n int;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM journal_lines WHERE journal_id = jid;
  IF n < 2 THEN
    RAISE EXCEPTION 'journal % has % line(s); a journal needs at least two', jid, n USING ERRCODE = '23514';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal % is not balanced: its lines sum to %', jid, total USING ERRCODE = '23514';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_line_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.journal_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_line_journal();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journals_have_lines AFTER INSERT ON journals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_journal();
