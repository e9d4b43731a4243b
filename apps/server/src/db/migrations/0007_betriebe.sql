CREATE TABLE "betrieb_depots" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "betriebe" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"depot_id" integer,
	"consent_version" integer NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "betrieb_depots" ADD CONSTRAINT "betrieb_depots_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betriebe" ADD CONSTRAINT "betriebe_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_depot_id_betrieb_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."betrieb_depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "betrieb_depots_name_idx" ON "betrieb_depots" USING btree ("betrieb_id","name");--> statement-breakpoint
CREATE INDEX "betriebe_created_by_idx" ON "betriebe" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_hash_idx" ON "invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "invitations_betrieb_idx" ON "invitations" USING btree ("betrieb_id");--> statement-breakpoint
CREATE INDEX "invitations_created_by_idx" ON "invitations" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_betrieb_user_idx" ON "memberships" USING btree ("betrieb_id","user_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memberships_depot_idx" ON "memberships" USING btree ("depot_id");--> statement-breakpoint
-- A Betrieb lives as long as it has members: when its last membership goes (the last member leaves, or deletes the
-- account and the cascade removes the row), the Betrieb, its depots and invitations go with it. Nobody could open it
-- any more, and its name is nobody's data to keep.
CREATE FUNCTION "betriebe_delete_when_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "betriebe" b
   WHERE b."id" = OLD."betrieb_id"
     AND NOT EXISTS (SELECT 1 FROM "memberships" m WHERE m."betrieb_id" = OLD."betrieb_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "betriebe_delete_when_empty" AFTER DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "betriebe_delete_when_empty"();
