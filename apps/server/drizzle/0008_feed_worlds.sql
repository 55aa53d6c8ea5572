-- The feed owner's simulated world (settings, clock origin, checkpoint, last step played), so a
-- restarted server carries on the same events and markets instead of drawing a new world.
CREATE TABLE "feed_worlds" (
	"name" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"clock_origin" bigint NOT NULL,
	"checkpoint" jsonb NOT NULL,
	"checkpoint_at" bigint NOT NULL,
	"last_step_at" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
