-- Aborts the statement that calls it (and so, in autocommit, everything that statement wrote). A write made as one
-- statement of data-modifying CTEs calls it when a condition checked mid-statement fails, e.g. a bet whose wallet
-- debit did not apply (docs/decisions/010-one-statement-placement.md). The message carries the reason.
CREATE OR REPLACE FUNCTION piranha_abort(reason text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'piranha_abort:' || reason;
END
$$;
