import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.DATABASE_URL ?? SERVICE_DEFAULTS.databaseUrl },
  migrations: { table: '__drizzle_migrations', schema: 'public' },
});
