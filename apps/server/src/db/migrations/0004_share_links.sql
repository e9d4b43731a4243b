CREATE TABLE "share_link_routes" (
	"share_link_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	CONSTRAINT "share_link_routes_share_link_id_route_id_pk" PRIMARY KEY("share_link_id","route_id")
);
--> statement-breakpoint
CREATE TABLE "share_link_tours" (
	"share_link_id" integer NOT NULL,
	"tour_id" integer NOT NULL,
	CONSTRAINT "share_link_tours_share_link_id_tour_id_pk" PRIMARY KEY("share_link_id","tour_id")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"all_records" boolean NOT NULL,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_link_routes" ADD CONSTRAINT "share_link_routes_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_routes" ADD CONSTRAINT "share_link_routes_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_tours" ADD CONSTRAINT "share_link_tours_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_tours" ADD CONSTRAINT "share_link_tours_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_routes_route_idx" ON "share_link_routes" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "share_link_tours_tour_idx" ON "share_link_tours" USING btree ("tour_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("owner_id");