CREATE TABLE `directory_listings` (
	`user_id` integer NOT NULL,
	`city_code` integer NOT NULL,
	`profession` text NOT NULL,
	`uf` text NOT NULL,
	`home` integer NOT NULL,
	`completeness` integer NOT NULL,
	`followers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `city_code`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `directory_profession_city` ON `directory_listings` (`profession`,`city_code`,"completeness" desc,"followers" desc,`user_id`);--> statement-breakpoint
CREATE INDEX `directory_city` ON `directory_listings` (`city_code`,"completeness" desc,"followers" desc,`user_id`);--> statement-breakpoint
CREATE INDEX `directory_profession_home` ON `directory_listings` (`profession`,`home`,"completeness" desc,"followers" desc,`user_id`);--> statement-breakpoint
CREATE INDEX `directory_profession_uf` ON `directory_listings` (`profession`,`uf`,`city_code`);--> statement-breakpoint
CREATE TABLE `directory_professions` (
	`occupation_code` text PRIMARY KEY NOT NULL,
	`profession` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `follow_counts` (
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`followers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `target_id`)
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`membership` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_user_item` ON `follows` (`user_id`,`kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `follows_item` ON `follows` (`kind`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_user_created` ON `follows` (`user_id`,`created_at`);