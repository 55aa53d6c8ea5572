-- The operators' Site screen (issue 16): every save of a site's settings bumps its version, and a
-- save from an older version is refused (optimistic concurrency). Existing sites start at 1.
ALTER TABLE "domains" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;