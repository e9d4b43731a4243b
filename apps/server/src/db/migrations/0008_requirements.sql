CREATE TABLE "betrieb_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"depot_id" integer,
	"start_station" text NOT NULL,
	"end_station" text NOT NULL,
	"company_route" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "betrieb_vehicle_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"betrieb_id" integer NOT NULL,
	"depot_id" integer,
	"vehicle_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_links" (
	"requirement_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirement_links_requirement_id_membership_id_pk" PRIMARY KEY("requirement_id","membership_id")
);
--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD CONSTRAINT "betrieb_requirements_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD CONSTRAINT "betrieb_requirements_depot_id_betrieb_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."betrieb_depots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betrieb_vehicle_requirements" ADD CONSTRAINT "betrieb_vehicle_requirements_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "betrieb_vehicle_requirements" ADD CONSTRAINT "betrieb_vehicle_requirements_depot_id_betrieb_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."betrieb_depots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_requirement_id_betrieb_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."betrieb_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_links" ADD CONSTRAINT "requirement_links_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "betrieb_requirements_key_idx" ON "betrieb_requirements" USING btree ("betrieb_id",coalesce("depot_id", 0),least("start_station", "end_station"),greatest("start_station", "end_station"),coalesce(lower("company_route"), ''));--> statement-breakpoint
CREATE INDEX "betrieb_requirements_depot_idx" ON "betrieb_requirements" USING btree ("depot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "betrieb_vehicle_requirements_key_idx" ON "betrieb_vehicle_requirements" USING btree ("betrieb_id",coalesce("depot_id", 0),lower(regexp_replace("vehicle_type", '[[:space:]]+', '', 'g')));--> statement-breakpoint
CREATE INDEX "betrieb_vehicle_requirements_depot_idx" ON "betrieb_vehicle_requirements" USING btree ("depot_id");--> statement-breakpoint
CREATE INDEX "requirement_links_membership_idx" ON "requirement_links" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "requirement_links_route_idx" ON "requirement_links" USING btree ("route_id");