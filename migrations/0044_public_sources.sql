CREATE TABLE `lawsuit_lookups` (
	`cnj` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `source_cursors` (
	`source` text NOT NULL,
	`scope` text NOT NULL,
	`up_to` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`source`, `scope`)
);
--> statement-breakpoint
CREATE TABLE `source_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`key` text NOT NULL,
	`request` text NOT NULL,
	`page` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pendente' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`records` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`skips` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `source_jobs_key` ON `source_jobs` (`source`,`key`);--> statement-breakpoint
CREATE INDEX `source_jobs_status` ON `source_jobs` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `source_jobs_done` ON `source_jobs` (`source`,`done_at`);