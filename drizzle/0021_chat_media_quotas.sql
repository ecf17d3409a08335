ALTER TABLE "chat_media" ADD COLUMN "uploader" text;--> statement-breakpoint
ALTER TABLE "chat_media" ADD COLUMN "guest_address" text;--> statement-breakpoint
CREATE INDEX "chat_media_uploader_idx" ON "chat_media" USING btree ("uploader","created_at");--> statement-breakpoint
CREATE INDEX "chat_media_guest_address_idx" ON "chat_media" USING btree ("guest_address","created_at");