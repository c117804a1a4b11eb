CREATE TABLE `communities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`occupation_code` text,
	`course` text,
	`member_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `communities_slug_unique` ON `communities` (`slug`);--> statement-breakpoint
CREATE TABLE `institutions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`acronym` text,
	`uf` text NOT NULL,
	`city` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `institutions_slug_unique` ON `institutions` (`slug`);--> statement-breakpoint
CREATE TABLE `professional_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient_id` integer NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `professional_messages_recipient` ON `professional_messages` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `specialties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`occupation_code` text NOT NULL,
	`title` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `specialties_occupation_title` ON `specialties` (`occupation_code`,`title`);--> statement-breakpoint
CREATE TABLE `user_phones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`number` text NOT NULL,
	`whatsapp` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_phones_user` ON `user_phones` (`user_id`,`position`);--> statement-breakpoint
CREATE TABLE `user_service_cities` (
	`user_id` integer NOT NULL,
	`city_code` integer NOT NULL,
	PRIMARY KEY(`user_id`, `city_code`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_service_cities_city` ON `user_service_cities` (`city_code`);--> statement-breakpoint
CREATE TABLE `user_services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_services_user` ON `user_services` (`user_id`,`position`);--> statement-breakpoint
CREATE TABLE `user_specialties` (
	`user_id` integer NOT NULL,
	`specialty_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `specialty_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`specialty_id`) REFERENCES `specialties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `password_changed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `occupation_code` text;--> statement-breakpoint
ALTER TABLE `users` ADD `course` text;--> statement-breakpoint
ALTER TABLE `users` ADD `institution_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `city_code` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `google_sub` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);