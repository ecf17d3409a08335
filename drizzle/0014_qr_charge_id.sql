ALTER TABLE "deposit_qr_codes" ADD COLUMN "charge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_qr_codes_charge_idx" ON "deposit_qr_codes" USING btree ("charge_id");