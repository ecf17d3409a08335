-- Nothing wrote member_bonuses before this migration (it was read only, for the withdrawal rule): rows a test left are removed so the receipt's columns can be required.
DELETE FROM "member_bonuses";--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"bonus_type" text NOT NULL,
	"currency" text NOT NULL,
	"max_received" integer NOT NULL,
	"percent_fail" integer NOT NULL,
	"banners" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"grant_kind" text NOT NULL,
	"grant_percent" integer,
	"grant_cap" bigint,
	"min_deposit" bigint,
	"grant_amount" bigint,
	"turnover_multiplier" integer NOT NULL,
	"withdraw_cap" bigint,
	"end_threshold" bigint NOT NULL,
	"quota" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonuses_code_unique" UNIQUE("code"),
	CONSTRAINT "bonuses_kind_check" CHECK ("bonuses"."kind" in ('bonus', 'promotion')),
	CONSTRAINT "bonuses_type_check" CHECK ("bonuses"."bonus_type" in ('limit', 'day', 'week')),
	CONSTRAINT "bonuses_status_check" CHECK ("bonuses"."status" in ('active', 'paused')),
	CONSTRAINT "bonuses_currency_check" CHECK ("bonuses"."currency" in ('BAHT', 'LAK')),
	CONSTRAINT "bonuses_counts_check" CHECK ("bonuses"."max_received" >= 1 and "bonuses"."percent_fail" between 0 and 100 and "bonuses"."turnover_multiplier" >= 1 and ("bonuses"."quota" is null or "bonuses"."quota" >= 1)),
	CONSTRAINT "bonuses_grant_check" CHECK (("bonuses"."grant_kind" = 'percent' and "bonuses"."grant_percent" > 0 and "bonuses"."grant_cap" > 0 and "bonuses"."min_deposit" >= 0 and "bonuses"."grant_amount" is null)
        or ("bonuses"."grant_kind" = 'fixed' and "bonuses"."grant_amount" > 0 and "bonuses"."grant_percent" is null and "bonuses"."grant_cap" is null and "bonuses"."min_deposit" is null)),
	CONSTRAINT "bonuses_amounts_check" CHECK ("bonuses"."end_threshold" >= 0 and ("bonuses"."withdraw_cap" is null or "bonuses"."withdraw_cap" > 0)),
	CONSTRAINT "bonuses_window_check" CHECK ("bonuses"."starts_at" is null or "bonuses"."ends_at" is null or "bonuses"."starts_at" < "bonuses"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "operator_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_bonuses" DROP CONSTRAINT "member_bonuses_ended_check";--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "bonus_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "deposit_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "bonus_amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "own_at_grant" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "turnover_target" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "deposit_transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "grant_transfer_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD COLUMN "end_transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "operator_changes" ADD CONSTRAINT "operator_changes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_changes_created_idx" ON "operator_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_deposit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("deposit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_grant_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("grant_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_end_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("end_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_bonuses_bonus_idx" ON "member_bonuses" USING btree ("bonus_id","activated_at");--> statement-breakpoint
CREATE INDEX "member_bonuses_user_idx" ON "member_bonuses" USING btree ("user_id","bonus_id");--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_deposit_unique" UNIQUE("deposit_transfer_id");--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_grant_unique" UNIQUE("grant_transfer_id");--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_end_unique" UNIQUE("end_transfer_id");--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_amounts_check" CHECK ("member_bonuses"."deposit_amount" >= 0 and "member_bonuses"."bonus_amount" > 0 and "member_bonuses"."turnover_target" > 0);--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_ended_check" CHECK (("member_bonuses"."status" = 'active') = ("member_bonuses"."ended_at" is null) and ("member_bonuses"."ended_at" is null) = ("member_bonuses"."end_reason" is null));