CREATE TABLE `suggestion_cursors` (
	`kind` text PRIMARY KEY NOT NULL,
	`last_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `suggestion_dirty_prefixes` (
	`prefix` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `suggestion_names` (
	`source` text NOT NULL,
	`entity_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`weight` integer NOT NULL,
	PRIMARY KEY(`source`, `entity_id`)
);
--> statement-breakpoint
CREATE INDEX `suggestion_names_prefix_weight` ON `suggestion_names` (`prefix`,`weight`,`name`);