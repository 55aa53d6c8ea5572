CREATE TABLE "login_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_id" bigint,
	"issued_by" text NOT NULL,
	"issued_ip" text NOT NULL,
	CONSTRAINT "login_links_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_links_user" ON "login_links" USING btree ("user_id");