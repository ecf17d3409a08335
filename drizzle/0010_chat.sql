CREATE TABLE "chat_canned_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"guest_id" text,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	"agent_read_at" timestamp with time zone,
	"customer_read_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "chat_conversations_user_unique" UNIQUE("user_id"),
	CONSTRAINT "chat_conversations_guest_unique" UNIQUE("guest_id"),
	CONSTRAINT "chat_conversations_owner_check" CHECK (("chat_conversations"."user_id" is null) <> ("chat_conversations"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "chat_guests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_media" (
	"key" text PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"file_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"message_type" text NOT NULL,
	"body" jsonb NOT NULL,
	"client_id" text NOT NULL,
	"session_id" text NOT NULL,
	"device_token" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_client_unique" UNIQUE("conversation_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_guest_id_chat_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."chat_guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_media" ADD CONSTRAINT "chat_media_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_last_idx" ON "chat_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "chat_media_conversation_idx" ON "chat_media" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");