/** The audit log: every staff write records its entry in its own transaction; the logs screen searches it. */
export * from './audit';
export * from './audit-search';
