CREATE TABLE "member_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"bonus_code" text NOT NULL,
	"bonus_type" text NOT NULL,
	"status" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "member_bonuses_status_check" CHECK ("member_bonuses"."status" in ('active', 'finished', 'cancelled')),
	CONSTRAINT "member_bonuses_type_check" CHECK ("member_bonuses"."bonus_type" in ('limit', 'day', 'week')),
	CONSTRAINT "member_bonuses_ended_check" CHECK (("member_bonuses"."status" = 'active') = ("member_bonuses"."ended_at" is null))
);
--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_one_active_idx" ON "member_bonuses" USING btree ("user_id") WHERE "member_bonuses"."status" = 'active';