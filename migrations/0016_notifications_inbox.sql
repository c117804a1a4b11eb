-- Notifications, issue 15 (decisions/0029, 0030): what each one is about (removing or sealing it
-- removes its notifications), e-mail preferences and the e-mailed mark, partial indexes for the
-- badge, the unread filter and the daily digest, and an item's followers by user id (fan-out).
CREATE TABLE `notification_preferences` (
	`user_id` integer NOT NULL,
	`kind_group` text NOT NULL,
	`mode` text NOT NULL,
	PRIMARY KEY(`user_id`, `kind_group`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `subject_kind` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `subject_id` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `emailed_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_user_unseen` ON `notifications` (`user_id`) WHERE viewed_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`created_at`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_subject` ON `notifications` (`subject_kind`,`subject_id`);--> statement-breakpoint
CREATE INDEX `notifications_digest` ON `notifications` (`user_id`,`created_at`) WHERE emailed_at IS NULL AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX `follows_item_user` ON `follows` (`kind`,`target_id`,`user_id`);