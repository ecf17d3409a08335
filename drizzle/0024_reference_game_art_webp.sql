-- The reference provider's pictures are WebP (docs/decisions/0154-reference-game-art-in-webp.md):
-- rows seeded before name the SVG sources, which Chromium draws as documents on the main thread.
-- Only the names seeding and the aggregator's fallback wrote are renamed; a picture an operator
-- set elsewhere stays as it is.
UPDATE "games" SET "logo" = regexp_replace("logo", '\.svg$', '.webp')
  WHERE "logo" ~ '^/games/[a-z0-9]+-logo\.svg$';
--> statement-breakpoint
UPDATE "games" SET "background" = regexp_replace("background", '\.svg$', '.webp')
  WHERE "background" ~ '^/games/[a-z0-9]+-bg\.svg$';
