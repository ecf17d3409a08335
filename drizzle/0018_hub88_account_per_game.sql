-- A member's account at each Hub88 game gets a username of its own (m000042.{game code}): all of them were
-- the member's Hub88 user (m000042), so /api/autoLogin/hub88/m000042 opened whichever came first.
UPDATE "game_accounts" SET "username" = "username" || '.' || "game_code"
WHERE "game_code" IN (SELECT "code" FROM "games" WHERE "provider" = 'hub88') AND "username" NOT LIKE '%.%';
