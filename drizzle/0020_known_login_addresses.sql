CREATE TABLE "known_login_addresses" (
	"phone" text NOT NULL,
	"client" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_login_addresses_phone_client_pk" PRIMARY KEY("phone","client")
);
--> statement-breakpoint
CREATE INDEX "known_login_addresses_last_idx" ON "known_login_addresses" USING btree ("last_login_at");