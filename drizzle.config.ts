import { defineConfig } from 'drizzle-kit'

// drizzle-kit only writes SQL here; wrangler applies it (`npm run db:migrate`).
// FTS5 tables and triggers go in custom migrations: `npx drizzle-kit generate --custom --name=...`.
export default defineConfig({
  dialect: 'sqlite',
  schema: [
    './app/db/schema.ts',
    './app/db/schema-corpus.ts',
    './app/db/schema-shards.ts',
    './app/db/schema-accounts.ts',
    './app/db/schema-network.ts',
    './app/db/schema-articles.ts',
    './app/db/schema-monitoring.ts',
    './app/db/schema-intimations.ts',
    './app/db/schema-claims.ts',
    './app/db/schema-trust.ts',
    './app/db/schema-privacy.ts',
    './app/db/schema-deadlines.ts',
    './app/db/schema-sources.ts',
  ],
  out: './migrations',
})
