ALTER TABLE `intimations` ADD `counted_with` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `intimations` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `intimations` ADD `moved_from` text;--> statement-breakpoint
CREATE INDEX `intimations_recount` ON `intimations` (`counted_with`,`id`) WHERE last_day IS NOT NULL AND fulfilled_at IS NULL AND active = 1;