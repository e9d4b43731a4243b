CREATE TABLE "coverage_alert_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"iso_week" text NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "coverage_alert_min" integer;--> statement-breakpoint
ALTER TABLE "coverage_alert_log" ADD CONSTRAINT "coverage_alert_log_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_alert_log_membership_week_idx" ON "coverage_alert_log" USING btree ("membership_id","iso_week");--> statement-breakpoint
CREATE INDEX "routes_station_pair_idx" ON "routes" USING btree (least("start_station", "end_station"),greatest("start_station", "end_station"));--> statement-breakpoint
CREATE INDEX "routes_company_route_idx" ON "routes" USING btree (lower("company_route"));