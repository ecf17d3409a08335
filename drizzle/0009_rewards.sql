CREATE TABLE "coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"spin_id" bigint NOT NULL,
	"slice_code" text NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"transfer_id" bigint,
	CONSTRAINT "coupons_spin_unique" UNIQUE("spin_id"),
	CONSTRAINT "coupons_transfer_unique" UNIQUE("transfer_id"),
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in ('credit', 'item')),
	CONSTRAINT "coupons_amount_check" CHECK (("coupons"."type" = 'credit' and "coupons"."amount" > 0) or ("coupons"."type" = 'item' and "coupons"."amount" = 0)),
	CONSTRAINT "coupons_claimed_check" CHECK ("coupons"."transfer_id" is null or "coupons"."claimed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"status" text NOT NULL,
	"deposit_transfer_id" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"collect_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	CONSTRAINT "invites_invitee_unique" UNIQUE("invitee_id"),
	CONSTRAINT "invites_status_check" CHECK ("invites"."status" in ('waiting', 'success', 'fail', 'collected')),
	CONSTRAINT "invites_amount_check" CHECK ("invites"."amount" >= 0 and ("invites"."status" not in ('success', 'collected') or "invites"."amount" > 0)),
	CONSTRAINT "invites_collected_check" CHECK (("invites"."status" = 'collected') = ("invites"."collect_transfer_id" is not null)),
	CONSTRAINT "invites_self_check" CHECK ("invites"."inviter_id" <> "invites"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"loss" bigint NOT NULL,
	"percent" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "refunds_user_period_unique" UNIQUE("user_id","period_start"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" >= 0 and "refunds"."percent" between 0 and 100 and "refunds"."period_start" < "refunds"."period_end"),
	CONSTRAINT "refunds_received_check" CHECK (("refunds"."transfer_id" is null) = ("refunds"."received_at" is null) and ("refunds"."transfer_id" is null or "refunds"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "wheel_seeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wheel_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "wheel_seeds_hash_unique" UNIQUE("seed_hash"),
	CONSTRAINT "wheel_seeds_nonce_check" CHECK ("wheel_seeds"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wheel_spins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"wheel_id" integer NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"slice_index" integer NOT NULL,
	"slice_code" text NOT NULL,
	"weights" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wheel_spins_seed_nonce_unique" UNIQUE("seed_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "wheels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wheels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" jsonb NOT NULL,
	"slices" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_coin_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coin_progress" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_spin_id_wheel_spins_id_fk" FOREIGN KEY ("spin_id") REFERENCES "public"."wheel_spins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_deposit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("deposit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_collect_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("collect_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_seeds" ADD CONSTRAINT "wheel_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_wheel_id_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."wheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_seed_id_wheel_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."wheel_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheels" ADD CONSTRAINT "wheels_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_seeds_one_current_idx" ON "wheel_seeds" USING btree ("user_id") WHERE "wheel_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "wheel_spins_user_idx" ON "wheel_spins" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wheels_one_current_idx" ON "wheels" USING btree ((true)) WHERE "wheels"."replaced_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_coin_check" CHECK ("users"."coin" >= 0 and "users"."coin_progress" >= 0);