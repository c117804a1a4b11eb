-- Issue 38 items 2, 3, 7, 8 (decisions/0092).
-- 1. A closed account keeps no credential, whatever closes it: the moment `merged_into_id` is set,
--    its API keys are revoked, its password and pending address are gone and every session ends
--    (sessions older than `password_changed_at` are void). A trigger, so no closing path forgets.
CREATE TRIGGER users_closed_keeps_no_credential AFTER UPDATE OF merged_into_id ON users
  WHEN old.merged_into_id IS NULL AND new.merged_into_id IS NOT NULL
BEGIN
  UPDATE api_keys SET revoked_at = coalesce(revoked_at, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
    WHERE user_id = new.id;
  UPDATE users SET password_hash = NULL, pending_email = NULL,
    password_changed_at = max(coalesce(password_changed_at, 0), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
    WHERE id = new.id;
END;
--> statement-breakpoint
-- Accounts closed before this keep keys that still answered: revoked now.
UPDATE api_keys SET revoked_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE merged_into_id IS NOT NULL);
--> statement-breakpoint
UPDATE users SET password_hash = NULL, pending_email = NULL WHERE merged_into_id IS NOT NULL;
--> statement-breakpoint
-- 2. An unconfirmed account sets no webhook: the ones saved before this rule are dropped (the
--    account saves it again once its address is confirmed).
DELETE FROM webhook_outbox WHERE state = 'pendente'
  AND user_id IN (SELECT id FROM users WHERE email_confirmed_at IS NULL);
--> statement-breakpoint
DELETE FROM webhooks WHERE user_id IN (SELECT id FROM users WHERE email_confirmed_at IS NULL);
--> statement-breakpoint
-- 3. A CPF typed into a claim is kept only masked, as the gov.br one (`***.456.789-**`).
UPDATE person_claims SET evidence_value = '***.' || substr(evidence_value, 4, 3) || '.' || substr(evidence_value, 7, 3) || '-**'
  WHERE evidence_kind = 'cpf' AND length(evidence_value) = 11 AND evidence_value NOT GLOB '*[^0-9]*';
