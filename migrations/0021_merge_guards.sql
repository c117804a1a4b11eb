-- Account merges that cannot take or destroy an identity (issue 27, decisions/0046).
--
-- 1. Repairs what the merge race left (an account pointing at itself, an account pointing at a
--    closed one): a self-pointing account is open again (its password is gone: "Esqueci minha
--    senha" gives it a new one), and a pointer to a closed account follows on to the survivor.
UPDATE users SET merged_into_id = NULL WHERE merged_into_id = id;
--> statement-breakpoint
UPDATE users SET merged_into_id = (SELECT t.merged_into_id FROM users t WHERE t.id = users.merged_into_id)
  WHERE merged_into_id IN (SELECT id FROM users WHERE merged_into_id IS NOT NULL);
--> statement-breakpoint
UPDATE users SET merged_into_id = (SELECT t.merged_into_id FROM users t WHERE t.id = users.merged_into_id)
  WHERE merged_into_id IN (SELECT id FROM users WHERE merged_into_id IS NOT NULL);
--> statement-breakpoint
UPDATE users SET merged_into_id = NULL WHERE merged_into_id = id;
--> statement-breakpoint
-- 2. An account closed by a merge while its e-mail was unconfirmed proved nothing about that
--    address (it may be a pre-registration of someone else's): the address and the Google
--    login are released, so their real owner can sign up or sign in and never lands in the
--    survivor. The survivor keeps everything that moved.
UPDATE users SET email = 'conta-unida-' || id || '@encerrada.invalid', google_sub = NULL, pending_email = NULL
  WHERE merged_into_id IS NOT NULL AND email_confirmed_at IS NULL;
--> statement-breakpoint
-- 3. The merge log: one row per merge, never an account merged into itself, and each ticket used
--    once (SQLite adds a CHECK only by rebuilding the table; this one is small).
CREATE TABLE `account_merges_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survivor_id` integer NOT NULL,
	`closed_id` integer NOT NULL,
	`ticket_id` text,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "account_merges_not_self" CHECK(`survivor_id` <> `closed_id`)
);
--> statement-breakpoint
INSERT INTO `account_merges_new` (`id`, `survivor_id`, `closed_id`, `summary`, `created_at`)
  SELECT `id`, `survivor_id`, `closed_id`, `summary`, `created_at` FROM `account_merges` WHERE `survivor_id` <> `closed_id`;
--> statement-breakpoint
DROP TABLE `account_merges`;
--> statement-breakpoint
ALTER TABLE `account_merges_new` RENAME TO `account_merges`;
--> statement-breakpoint
CREATE UNIQUE INDEX `account_merges_ticket` ON `account_merges` (`ticket_id`);
--> statement-breakpoint
-- 4. users cannot get a CHECK without a rebuild of the table every other one refers to, so
--    triggers refuse what a CHECK would: an account merged into itself, or into a closed account.
CREATE TRIGGER users_merge_target_update BEFORE UPDATE OF merged_into_id ON users
  WHEN new.merged_into_id IS NOT NULL AND (
    new.merged_into_id = new.id
    OR (SELECT merged_into_id FROM users WHERE id = new.merged_into_id) IS NOT NULL
    OR NOT EXISTS (SELECT 1 FROM users WHERE id = new.merged_into_id))
BEGIN
  SELECT RAISE(ABORT, 'merge: an account cannot be merged into itself or into a closed account');
END;
--> statement-breakpoint
CREATE TRIGGER users_merge_target_insert BEFORE INSERT ON users
  WHEN new.merged_into_id IS NOT NULL AND (
    (SELECT merged_into_id FROM users WHERE id = new.merged_into_id) IS NOT NULL
    OR NOT EXISTS (SELECT 1 FROM users WHERE id = new.merged_into_id))
BEGIN
  SELECT RAISE(ABORT, 'merge: an account cannot be merged into a closed account');
END;
