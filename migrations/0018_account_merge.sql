CREATE TABLE `account_merges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survivor_id` integer NOT NULL,
	`closed_id` integer NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `merged_into_id` integer;