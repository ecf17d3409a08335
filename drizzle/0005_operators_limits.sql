CREATE TABLE "operator_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"bootstrap" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operators_phone_unique" UNIQUE("phone"),
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'finance', 'support', 'marketing'))
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_attempts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_resolved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "slips" DROP CONSTRAINT "slips_reviewed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_resolved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
-- Operators were users with role 'operator' (the account OPERATOR_PHONE made).
-- They become bootstrap admins in their own table; what they resolved keeps
-- naming them. A member an OPERATOR_PHONE once promoted (it has a bank
-- account) stays a member only: no operator is made of it.
INSERT INTO "operators" ("phone", "name", "role", "password_hash", "bootstrap", "created_at")
  SELECT u."phone", u."name", 'admin', u."password_hash", true, u."created_at" FROM "users" u
  WHERE u."role" = 'operator' AND NOT EXISTS (SELECT 1 FROM "bank_accounts" b WHERE b."user_id" = u."id");--> statement-breakpoint
UPDATE "withdrawals" w SET "resolved_by" = (SELECT o."id" FROM "users" u JOIN "operators" o ON o."phone" = u."phone" WHERE u."id" = w."resolved_by")
  WHERE w."resolved_by" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "resolved_by" = (SELECT o."id" FROM "users" u JOIN "operators" o ON o."phone" = u."phone" WHERE u."id" = p."resolved_by")
  WHERE p."resolved_by" IS NOT NULL;--> statement-breakpoint
UPDATE "slips" s SET "reviewed_by" = (SELECT o."id" FROM "users" u JOIN "operators" o ON o."phone" = u."phone" WHERE u."id" = s."reviewed_by")
  WHERE s."reviewed_by" IS NOT NULL;--> statement-breakpoint
-- Their member sessions end (operators log in again, to operator sessions).
DELETE FROM "sessions" WHERE "user_id" IN (SELECT u."id" FROM "users" u JOIN "operators" o ON o."phone" = u."phone");--> statement-breakpoint
DELETE FROM "idempotency_keys" WHERE "user_id" IN (SELECT u."id" FROM "users" u JOIN "operators" o ON o."phone" = u."phone");--> statement-breakpoint
-- The user row goes unless money ever touched it (ledger rows are never deleted); then it stays, closed.
DELETE FROM "users" u WHERE u."id" IN (SELECT u2."id" FROM "users" u2 JOIN "operators" o ON o."phone" = u2."phone")
  AND NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "game_accounts" g WHERE g."user_id" = u."id");--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "throttles_last_failure_idx" ON "throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "users" u SET "status" = 'closed' WHERE EXISTS (SELECT 1 FROM "operators" o WHERE o."phone" = u."phone");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended', 'closed'));--> statement-breakpoint
-- A phone belongs to a member or to an operator, never both: a member can
-- never gain a role, and a login names one account. The lock per phone
-- makes check and insert one step across the two tables.
CREATE FUNCTION phone_has_one_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('phone-owner:' || NEW.phone, 0));
  IF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (SELECT 1 FROM operators WHERE phone = NEW.phone) THEN
      RAISE EXCEPTION 'phone % belongs to an operator', NEW.phone USING ERRCODE = 'unique_violation', CONSTRAINT = 'phone_has_one_owner';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM users WHERE phone = NEW.phone) THEN
    RAISE EXCEPTION 'phone % belongs to a member', NEW.phone USING ERRCODE = 'unique_violation', CONSTRAINT = 'phone_has_one_owner';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_phone_has_one_owner BEFORE INSERT OR UPDATE OF phone ON users
  FOR EACH ROW EXECUTE FUNCTION phone_has_one_owner();
--> statement-breakpoint
CREATE TRIGGER operators_phone_has_one_owner BEFORE INSERT OR UPDATE OF phone ON operators
  FOR EACH ROW EXECUTE FUNCTION phone_has_one_owner();
