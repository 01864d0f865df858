-- The request limits' counters are worth no WAL: written on every limited request, never copied
-- to a standby (which could not read them anyway), and emptied after a crash, which only lets
-- one window's requests through again (docs/shared-state.md).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
