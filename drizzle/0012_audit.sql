CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_action_check" CHECK ("approvals"."action" in ('deposit.manual', 'payment.credit', 'slip.approved', 'withdrawal.paid', 'adjustment'));--> statement-breakpoint
-- The change log of offers, texts, reward settings and canned replies moves into the audit:
-- what was written is the state after.
INSERT INTO "audit_log" ("operator_id", "action", "subject", "after", "created_at")
  SELECT "operator_id", "action", "subject", "value", "created_at" FROM "operator_changes" ORDER BY "id";
--> statement-breakpoint
DROP TABLE "operator_changes" CASCADE;
--> statement-breakpoint
-- The audit is a record of facts: the database refuses to change or remove a row.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows are never updated or deleted' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
