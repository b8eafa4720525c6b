CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"archive" text,
	"location" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_status_known" CHECK ("backup_runs"."status" in ('running', 'ok', 'failed')),
	CONSTRAINT "backup_runs_trigger_known" CHECK ("backup_runs"."trigger" in ('nightly', 'command'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_ok_idx" ON "backup_runs" USING btree ("finished_at") WHERE "backup_runs"."status" = 'ok';