CREATE TABLE "rail_network" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"attribution" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rail_network_version_unique" UNIQUE("version")
);
