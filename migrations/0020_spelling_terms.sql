CREATE TABLE `spelling_sweep` (
	`id` integer PRIMARY KEY NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `spelling_terms` (
	`source` text NOT NULL,
	`term` text NOT NULL,
	`docs` integer NOT NULL,
	PRIMARY KEY(`source`, `term`)
);
