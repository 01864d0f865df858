// One copy of drizzle's operators for every workspace (they must match the db package's drizzle).
export { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
export * from './client';
export * from './repositories';
export * as tables from './schema';
