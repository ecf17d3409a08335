import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations for src/server/db/schema.ts into
// ./drizzle; they are committed and applied at start by the server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
