-- Issue 41 item 5 (docs/decisions/0064): a Betrieb's attestations about a driver – the index of signed documents of
-- kind 'attestation' the driver holds. They stay with the driver when the membership or the Betrieb goes (betrieb_id
-- set null, the name kept) and go with the driver's account (the document stays as an erased tombstone, 0015).
CREATE TABLE "attestations" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"betrieb_id" integer,
	"betrieb_name" text NOT NULL,
	"kind" text NOT NULL,
	"checked_on" date NOT NULL,
	"requirement_ids" integer[] DEFAULT '{}' NOT NULL,
	"lines" text[] DEFAULT '{}' NOT NULL,
	"examiner_name" text NOT NULL,
	"issued_by" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_document_id_issued_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."issued_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestations_document_idx" ON "attestations" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "attestations_user_idx" ON "attestations" USING btree ("user_id","checked_on");--> statement-breakpoint
CREATE INDEX "attestations_betrieb_idx" ON "attestations" USING btree ("betrieb_id");--> statement-breakpoint
CREATE INDEX "attestations_issued_by_idx" ON "attestations" USING btree ("issued_by");
--> statement-breakpoint
-- An attestation is never altered (issue 41: withdrawn by revoking its document, never edited): only the driver's
-- `hidden` and the foreign keys set null by a deleted Betrieb or examiner account may change.
CREATE FUNCTION "attestations_unaltered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" IS DISTINCT FROM OLD."id" OR NEW."document_id" IS DISTINCT FROM OLD."document_id"
     OR NEW."user_id" IS DISTINCT FROM OLD."user_id" OR NEW."betrieb_name" IS DISTINCT FROM OLD."betrieb_name"
     OR NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."checked_on" IS DISTINCT FROM OLD."checked_on"
     OR NEW."requirement_ids" IS DISTINCT FROM OLD."requirement_ids" OR NEW."lines" IS DISTINCT FROM OLD."lines"
     OR NEW."examiner_name" IS DISTINCT FROM OLD."examiner_name" OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
     OR (NEW."betrieb_id" IS DISTINCT FROM OLD."betrieb_id" AND NEW."betrieb_id" IS NOT NULL)
     OR (NEW."issued_by" IS DISTINCT FROM OLD."issued_by" AND NEW."issued_by" IS NOT NULL) THEN
    RAISE EXCEPTION 'attestations are never altered' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "attestations_unaltered" BEFORE UPDATE ON "attestations"
  FOR EACH ROW EXECUTE FUNCTION "attestations_unaltered"();
