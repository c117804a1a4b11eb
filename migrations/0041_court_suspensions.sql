CREATE TABLE `court_suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`court` text NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `court_suspensions_court` ON `court_suspensions` (`court`,`from_day`);