CREATE TABLE "game_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_account_id" integer NOT NULL,
	"entry_token_hash" text,
	"entry_expires_at" timestamp with time zone,
	"session_token_hash" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_entry_token_unique" UNIQUE("entry_token_hash"),
	CONSTRAINT "game_sessions_session_token_unique" UNIQUE("session_token_hash"),
	CONSTRAINT "game_sessions_started_check" CHECK (("game_sessions"."session_token_hash" is null) = ("game_sessions"."expires_at" is null)),
	CONSTRAINT "game_sessions_entry_check" CHECK (("game_sessions"."entry_token_hash" is null) = ("game_sessions"."entry_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "game_accounts" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "pick" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "rolled_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "entry" text DEFAULT 'token_link' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_account_idx" ON "game_sessions" USING btree ("game_account_id");--> statement-breakpoint
CREATE INDEX "game_rounds_account_idx" ON "game_rounds" USING btree ("game_account_id","id");--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_rollback_check" CHECK ("game_rounds"."rolled_back_at" is null or "game_rounds"."win" = 0);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_entry_check" CHECK ("games"."entry" in ('token_link', 'app_links', 'login_form', 'credentials_link'));