CREATE TABLE "hub88_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hub88_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_uuid" text NOT NULL,
	"request_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_account_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"round" text,
	"reference_transaction_uuid" text,
	"supplier_transaction_id" text,
	"amount" bigint NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"answer" jsonb NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hub88_transactions_transaction_unique" UNIQUE("transaction_uuid"),
	CONSTRAINT "hub88_transactions_request_unique" UNIQUE("request_uuid"),
	CONSTRAINT "hub88_transactions_kind_check" CHECK ("hub88_transactions"."kind" in ('bet', 'win', 'rollback')),
	CONSTRAINT "hub88_transactions_amount_check" CHECK ("hub88_transactions"."amount" >= 0),
	CONSTRAINT "hub88_transactions_reference_check" CHECK (("hub88_transactions"."kind" = 'bet') = ("hub88_transactions"."reference_transaction_uuid" is null))
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "operator_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "provider_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hub88_transactions" ADD CONSTRAINT "hub88_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub88_transactions" ADD CONSTRAINT "hub88_transactions_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub88_transactions_reference_idx" ON "hub88_transactions" USING btree ("reference_transaction_uuid");--> statement-breakpoint
CREATE INDEX "hub88_transactions_account_idx" ON "hub88_transactions" USING btree ("game_account_id","id");