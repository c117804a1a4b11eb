CREATE TABLE `search_terms` (
	`term` text PRIMARY KEY NOT NULL,
	`display` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`last_seen` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_terms_count` ON `search_terms` (`count`,`term`);--> statement-breakpoint
CREATE INDEX `search_terms_last_seen` ON `search_terms` (`last_seen`);