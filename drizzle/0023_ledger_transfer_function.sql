-- One money movement in one call (docs/decisions/0149-one-round-trip-transfer.md): the
-- ledger rules of src/server/ledger/transfers.ts (postTransfer, holdTransfer) in
-- one function, so a transfer is one round trip to the database on both drivers.
--
-- 1. Both accounts are locked in ascending id with FOR NO KEY UPDATE (the lock
--    an UPDATE of the balances takes; FOR UPDATE would also conflict with the
--    KEY SHARE locks a transfer row's foreign keys take): two movements on the
--    same accounts, in either direction, queue instead of deadlocking.
-- 2. A transfer with this ledger idempotency key answers 'replayed' (the same
--    accounts, amount, phase and kind: nothing moves) or 'conflict' (another movement).
-- 3. A no-overdraft debit account that cannot cover the amount answers
--    'insufficient' before anything is written: no transfer row, no balance
--    change (the table's CHECK constraint stays as the second guard).
-- 4. Otherwise the transfer row is inserted (only ever inserted: migration
--    0002's trigger refuses UPDATE and DELETE) and both balances change,
--    answering 'moved' with what each account has available after it.
-- 5. With p_key, the member's Idempotency-Key is stored with the answer of
--    the movement (spec 7's money-moved answer: message, amount, the wallet's
--    available amount and the transfer id, major units = minor / 100), in the
--    same statement as the movement: a key already stored fails the whole
--    call on its primary key and the caller answers the stored answer
--    (src/server/idempotency.ts). A refusal is not stored here: the caller
--    stores it, as for every other refusal.
-- Nothing is raised for a refusal, so a caller inside a bigger transaction
-- can go on (or roll back) as it could with the statements it replaces.
CREATE FUNCTION ledger_move(
  p_debit bigint,
  p_credit bigint,
  p_amount bigint,
  p_phase text,
  p_kind text,
  p_reference text,
  p_idempotency_key text,
  p_now timestamptz,
  p_key_user_id integer DEFAULT NULL,
  p_key text DEFAULT NULL,
  p_key_hash text DEFAULT NULL,
  p_answer_account bigint DEFAULT NULL
) RETURNS TABLE (
  r_outcome text,
  r_id text,
  r_kind text,
  r_reference text,
  r_created_ms text,
  r_debit_available text,
  r_credit_available text
) LANGUAGE plpgsql AS $$
DECLARE
  debit_row ledger_accounts%ROWTYPE;
  transfer ledger_transfers%ROWTYPE;
  debit_left bigint;
  credit_left bigint;
BEGIN
  -- What the callers always give (src/server/ledger/transfers.ts): anything else is a bug, raised, never a quiet answer.
  IF p_debit IS NULL OR p_credit IS NULL OR p_amount IS NULL OR p_phase IS NULL OR p_kind IS NULL
     OR p_idempotency_key IS NULL OR p_now IS NULL THEN
    RAISE EXCEPTION 'ledger_move needs both accounts, an amount, a phase, a kind, a ledger key and a time' USING ERRCODE = 'null_value_not_allowed';
  END IF;
  IF p_amount <= 0 OR p_debit = p_credit THEN
    RAISE EXCEPTION 'ledger_move moves a positive amount between two accounts, not % from % to %', p_amount, p_debit, p_credit USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_key IS NOT NULL AND (p_key_user_id IS NULL OR p_key_hash IS NULL OR p_answer_account IS NULL OR p_answer_account NOT IN (p_debit, p_credit)) THEN
    RAISE EXCEPTION 'ledger_move stores a key''s answer for its member, with the request''s hash and one of the two accounts' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_phase NOT IN ('posted', 'pending') THEN
    RAISE EXCEPTION 'ledger_move writes posted or pending transfers, not %', p_phase USING ERRCODE = 'invalid_parameter_value';
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE;

  SELECT * INTO transfer FROM ledger_transfers WHERE idempotency_key = p_idempotency_key;
  IF NOT FOUND THEN
    SELECT * INTO debit_row FROM ledger_accounts WHERE id = p_debit;
    IF debit_row.no_overdraft AND debit_row.debits_posted + debit_row.debits_pending + p_amount > debit_row.credits_posted THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, phase, kind, reference, idempotency_key, created_at)
      VALUES (p_debit, p_credit, p_amount, p_phase, p_kind, p_reference, p_idempotency_key, p_now)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING * INTO transfer;
    IF FOUND THEN
      IF p_phase = 'posted' THEN
        UPDATE ledger_accounts SET debits_posted = debits_posted + p_amount WHERE id = p_debit
          RETURNING credits_posted - debits_posted - debits_pending INTO debit_left;
        UPDATE ledger_accounts SET credits_posted = credits_posted + p_amount WHERE id = p_credit
          RETURNING credits_posted - debits_posted - debits_pending INTO credit_left;
      ELSE
        UPDATE ledger_accounts SET debits_pending = debits_pending + p_amount WHERE id = p_debit
          RETURNING credits_posted - debits_posted - debits_pending INTO debit_left;
        UPDATE ledger_accounts SET credits_pending = credits_pending + p_amount WHERE id = p_credit
          RETURNING credits_posted - debits_posted - debits_pending INTO credit_left;
      END IF;
      r_outcome := 'moved';
    ELSE
      -- Another transaction wrote this key (of other accounts) and committed while the insert waited for it.
      SELECT * INTO transfer FROM ledger_transfers WHERE idempotency_key = p_idempotency_key;
    END IF;
  END IF;

  IF r_outcome IS NULL THEN
    IF transfer.debit_account_id IS DISTINCT FROM p_debit OR transfer.credit_account_id IS DISTINCT FROM p_credit
       OR transfer.amount IS DISTINCT FROM p_amount OR transfer.phase IS DISTINCT FROM p_phase
       OR transfer.kind IS DISTINCT FROM p_kind OR transfer.pending_id IS NOT NULL THEN
      RETURN QUERY SELECT 'conflict'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
    r_outcome := 'replayed';
    SELECT credits_posted - debits_posted - debits_pending INTO debit_left FROM ledger_accounts WHERE id = p_debit;
    SELECT credits_posted - debits_posted - debits_pending INTO credit_left FROM ledger_accounts WHERE id = p_credit;
  END IF;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      VALUES (p_key_user_id, p_key, p_key_hash, 200, jsonb_build_object(
        'message', 'SUCCESS',
        -- trim_scale: 3, not 3.00, as the answer written by the server's code stores it.
        'amount', trim_scale(round(p_amount / 100.0, 2)),
        'wallet', jsonb_build_object('amount', trim_scale(round(CASE WHEN p_answer_account = p_debit THEN debit_left ELSE credit_left END / 100.0, 2))),
        'transferId', transfer.id::text
      ), p_now);
  END IF;

  RETURN QUERY SELECT r_outcome, transfer.id::text, transfer.kind, transfer.reference,
    floor(extract(epoch FROM transfer.created_at) * 1000)::bigint::text, debit_left::text, credit_left::text;
END;
$$;
