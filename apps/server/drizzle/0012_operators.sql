CREATE TABLE "operator_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"domain_id" integer NOT NULL,
	"operator_id" bigint,
	"actor" text NOT NULL,
	"role" text,
	"action" text NOT NULL,
	"target" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_roles" (
	"operator_id" bigint NOT NULL,
	"domain_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret_sealed" text NOT NULL,
	"totp_last_step" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_roles" ADD CONSTRAINT "operator_roles_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_roles" ADD CONSTRAINT "operator_roles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_log_domain_at" ON "operator_audit_log" USING btree ("domain_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_sign_ins" ON "operator_audit_log" USING btree (lower("actor"),"at") WHERE "operator_audit_log"."action" in ('auth.sign_in', 'auth.sign_in_failed');--> statement-breakpoint
CREATE UNIQUE INDEX "operator_roles_operator_domain" ON "operator_roles" USING btree ("operator_id","domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_user_name" ON "operators" USING btree (lower("user_name"));--> statement-breakpoint
-- The audit log is append-only: no row is ever changed or removed, by the application or anyone else.
CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit log is append-only (% refused)', TG_OP USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_append_only BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_append_only();
--> statement-breakpoint
ALTER TABLE operator_roles ADD CONSTRAINT operator_roles_role_known
  CHECK (role IN ('owner', 'finance', 'trader', 'support'));
--> statement-breakpoint
ALTER TABLE operators ADD CONSTRAINT operators_status_known CHECK (status IN ('active', 'disabled'));
