-- Suggestions for every prefix (issue 28 §4, decisions/0057): each name is listed under its
-- 3-, 4- and 5-character normalised prefixes (KV lists) and found by its whole normalised form
-- from 6 characters on (one indexed D1 range read). Members join the table for the latter.
ALTER TABLE `suggestion_names` ADD `norm` text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE `suggestion_names` ADD `prefix4` text;
--> statement-breakpoint
ALTER TABLE `suggestion_names` ADD `prefix5` text;
--> statement-breakpoint
CREATE INDEX `suggestion_names_prefix4_weight` ON `suggestion_names` (`prefix4`,`weight`,`name`);
--> statement-breakpoint
CREATE INDEX `suggestion_names_prefix5_weight` ON `suggestion_names` (`prefix5`,`weight`,`name`);
--> statement-breakpoint
CREATE INDEX `suggestion_names_norm` ON `suggestion_names` (`norm`);
--> statement-breakpoint
-- The stored rows lack the new columns: forget them and the sweep cursors, so the next cron runs
-- add every name again (the bootstrap of decisions/0013) and mark every prefix dirty.
DELETE FROM `suggestion_names`;
--> statement-breakpoint
DELETE FROM `suggestion_cursors`;
