-- An issued invoice, receipt or credit note is a legal record: never changed, never removed.
-- A correction is a credit note. The application has no update path; this makes the database
-- refuse one too (TRUNCATE, which only a test database's reset uses, does not fire row triggers).
CREATE OR REPLACE FUNCTION refuse_document_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% % is issued and cannot be changed (issue a credit note instead)', TG_TABLE_NAME, OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_document_change();
--> statement-breakpoint
CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION refuse_document_change();
