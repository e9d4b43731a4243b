-- Issue 38 (GDPR Art. 17): deleting an account no longer deletes its issued documents with it; it erases them. The
-- row stays as a tombstone – code, kind, times, content and file hashes, signature, key, revocation – with the owner
-- and the content gone, so a check by code or file still says "issued by Streckenpass" (and "revoked" where it was)
-- but shows nothing of the person. The foreign key sets the owner null; the trigger below erases the content in the
-- same statement, whichever path deletes the user row.
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "issued_documents" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION "issued_documents_erase_with_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."owner_id" IS NULL AND OLD."owner_id" IS NOT NULL THEN
    NEW."content" := NULL;
    NEW."erased_at" := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "issued_documents_erase_with_owner" BEFORE UPDATE OF "owner_id" ON "issued_documents"
  FOR EACH ROW EXECUTE FUNCTION "issued_documents_erase_with_owner"();
