CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"file_hash" text,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"share_link_id" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
-- Drives recorded before this migration keep "recorded_at" null (unknown); only new ones get the time of recording.
ALTER TABLE "route_activities" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "route_activities" ALTER COLUMN "recorded_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "route_activities" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_key_id_signing_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."signing_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_code_idx" ON "issued_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "issued_documents_owner_idx" ON "issued_documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "issued_documents_share_link_idx" ON "issued_documents" USING btree ("share_link_id");--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("owner_id","kind","record_id","id");--> statement-breakpoint
-- The history is append-only: no UPDATE ever, and a DELETE only as the cascade of the owner's account deletion
-- (by then the users row is gone). Nothing in the application can change or remove a history row.
CREATE FUNCTION "record_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."owner_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'record_history is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "record_history_append_only" BEFORE UPDATE OR DELETE ON "record_history"
  FOR EACH ROW EXECUTE FUNCTION "record_history_append_only"();
