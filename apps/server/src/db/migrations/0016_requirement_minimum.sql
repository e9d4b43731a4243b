-- Issue 40: a requirement's own minimum of drivers who know it beyond the coming 30 days; null = as the reader chose
-- in their weekly coverage alert (else 1). The Betrieb's home and the coverage mail count by it.
ALTER TABLE "betrieb_requirements" ADD COLUMN "min_drivers" integer;--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD CONSTRAINT "betrieb_requirements_min_drivers_check" CHECK ("betrieb_requirements"."min_drivers" between 1 and 1000);
