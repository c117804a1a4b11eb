CREATE TABLE `deadline_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reminder_days` text NOT NULL,
	`feed_nonce` text,
	`feed_token_hash` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deadline_settings_feed` ON `deadline_settings` (`feed_token_hash`);--> statement-breakpoint
CREATE TABLE `intimations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`monitoring_id` integer NOT NULL,
	`oab` text NOT NULL,
	`communication_id` text NOT NULL,
	`court` text NOT NULL,
	`lawsuit_cnj` text NOT NULL,
	`available_on` text NOT NULL,
	`kind` text,
	`document_type` text,
	`class_name` text,
	`class_code` text,
	`organ` text,
	`body` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`last_day` text,
	`deadline` text,
	`correction` text,
	`fulfilled_at` integer,
	`announced_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`monitoring_id`) REFERENCES `monitorings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intimations_user_communication` ON `intimations` (`user_id`,`communication_id`);--> statement-breakpoint
CREATE INDEX `intimations_user_available` ON `intimations` (`user_id`,`available_on`,`id`);--> statement-breakpoint
CREATE INDEX `intimations_user_last_day` ON `intimations` (`user_id`,`last_day`);--> statement-breakpoint
CREATE INDEX `intimations_communication` ON `intimations` (`communication_id`);--> statement-breakpoint
CREATE INDEX `intimations_unannounced` ON `intimations` (`id`) WHERE announced_at IS NULL;--> statement-breakpoint
CREATE INDEX `intimations_open_last_day` ON `intimations` (`last_day`) WHERE last_day IS NOT NULL AND fulfilled_at IS NULL;--> statement-breakpoint
CREATE INDEX `monitorings_kind_oab` ON `monitorings` (`kind`,`oab`);