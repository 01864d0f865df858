import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa' },
  migrations: { table: '__drizzle_migrations', schema: 'public' },
});
