CREATE TABLE "heavy_operations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heavy_operations" ADD CONSTRAINT "heavy_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;