ALTER TABLE "payment_requests" ADD COLUMN "ocr_status" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "ocr_fields" jsonb;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "ocr_note" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "ocr_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "ocr_read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_requests_ocr_pending" ON "payment_requests" USING btree ("id") WHERE "payment_requests"."ocr_status" = 'pending';--> statement-breakpoint
ALTER TABLE payment_requests ADD CONSTRAINT payment_requests_ocr_status_known
  CHECK (ocr_status IN ('pending', 'read', 'unreadable'));
--> statement-breakpoint
-- Deposits already waiting with a screenshot are read by the start-up sweep.
UPDATE payment_requests SET ocr_status = 'pending'
  WHERE type = 'deposit' AND image_id IS NOT NULL AND status = 'PENDING';
