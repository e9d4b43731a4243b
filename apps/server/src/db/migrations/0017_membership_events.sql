-- Issue 40: who joined, left or was removed from a Betrieb, and when (the membership row goes on leaving).
CREATE TABLE "membership_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_events_betrieb_at_idx" ON "membership_events" USING btree ("betrieb_id","at");--> statement-breakpoint
CREATE INDEX "membership_events_user_idx" ON "membership_events" USING btree ("user_id");--> statement-breakpoint
-- Issue 40: the changes the Betrieb's home lists, from what is known already – each current membership's joining,
-- and the leaving and removals the members' histories logged (a Betrieb deleted since has none to show).
INSERT INTO "membership_events" ("betrieb_id", "user_id", "event", "at")
  SELECT "betrieb_id", "user_id", 'joined', "joined_at" FROM "memberships";--> statement-breakpoint
INSERT INTO "membership_events" ("betrieb_id", "user_id", "event", "at")
  SELECT h."record_id", h."owner_id", h."before"->>'event', h."at"
    FROM "record_history" h
    WHERE h."kind" = 'memberships' AND h."action" = 'delete' AND h."before"->>'event' IN ('left', 'removed')
      AND EXISTS (SELECT 1 FROM "betriebe" b WHERE b."id" = h."record_id");
