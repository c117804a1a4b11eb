-- The audit trail keeps the actor's name as it was when they acted (issue 38 §5, decisions/0091):
-- a later rename must not rewrite who decided. Rows written before this migration take the name
-- their actor has now (the best there is); the append-only trigger steps aside for that one fill.
ALTER TABLE `audit_log` ADD `actor_name` text;--> statement-breakpoint
DROP TRIGGER `audit_log_no_update`;--> statement-breakpoint
UPDATE `audit_log` SET `actor_name` = (SELECT `name` FROM `users` WHERE `users`.`id` = `audit_log`.`actor_id`) WHERE `actor_id` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
