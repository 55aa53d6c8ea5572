-- Sign-in limits count failures per account and address and per account and device, and the dev
-- SMS outbox holds codes sealed, never in plain text: the plain codes it held are dropped.
ALTER TABLE "login_attempts" ADD COLUMN "device_id" text;--> statement-breakpoint
DELETE FROM "sms_outbox";--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "sealed_code" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_domain_login_time" ON "login_attempts" USING btree ("domain_id",lower("user_name_or_email"),"created_at") WHERE "login_attempts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP COLUMN "code";
