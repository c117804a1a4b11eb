CREATE TABLE `monitoring_exclusions` (
	`monitoring_id` integer NOT NULL,
	`context_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`monitoring_id`, `context_key`),
	FOREIGN KEY (`monitoring_id`) REFERENCES `monitorings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `monitoring_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`monitoring_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`document_kind` text NOT NULL,
	`document_id` integer NOT NULL,
	`lawsuit_id` integer,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`document_date` text,
	`excerpt` text,
	`reasons` text NOT NULL,
	`context_key` text NOT NULL,
	`dismissed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`monitoring_id`) REFERENCES `monitorings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitoring_hits_unique` ON `monitoring_hits` (`monitoring_id`,`document_kind`,`document_id`);--> statement-breakpoint
CREATE INDEX `monitoring_hits_monitoring_created` ON `monitoring_hits` (`monitoring_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `monitorings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`term` text NOT NULL,
	`cnj` text,
	`awaiting_lawsuit` integer DEFAULT false NOT NULL,
	`mode` text DEFAULT 'exato' NOT NULL,
	`uf` text,
	`city_code` integer,
	`oab` text,
	`tax_id` text,
	`co_party` text,
	`sources` text NOT NULL,
	`origin` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `monitorings_user_created` ON `monitorings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `monitorings_user_cnj` ON `monitorings` (`user_id`,`cnj`);--> statement-breakpoint
CREATE INDEX `monitorings_cnj` ON `monitorings` (`cnj`);--> statement-breakpoint
CREATE INDEX `monitorings_kind` ON `monitorings` (`kind`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`hit_id` integer,
	`event` text NOT NULL,
	`attempt` integer NOT NULL,
	`status_code` integer,
	`ok` integer NOT NULL,
	`error` text,
	`ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_user_created` ON `webhook_deliveries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `movements` ADD `imported_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `movements_imported` ON `movements` (`imported_at`);--> statement-breakpoint
CREATE INDEX `gazette_articles_imported` ON `gazette_articles` (`imported_at`);--> statement-breakpoint
CREATE INDEX `lawsuits_imported` ON `lawsuits` (`imported_at`);