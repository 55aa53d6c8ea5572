ALTER TABLE "market_exposures" ADD COLUMN "bets_placed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "market_exposures" me SET "bets_placed" = (SELECT count(*) FROM "bets" b WHERE b."user_id" = me."user_id" AND b."market_id" = me."market_id" AND b."status" = 'MATCHED');
