CREATE TABLE `article_mentions` (
	`article_id` integer NOT NULL,
	`person_id` integer,
	`company_id` integer,
	FOREIGN KEY (`article_id`) REFERENCES `gazette_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_mentions_unique` ON `article_mentions` (`article_id`,`person_id`,`company_id`);--> statement-breakpoint
CREATE INDEX `article_mentions_person` ON `article_mentions` (`person_id`);--> statement-breakpoint
CREATE INDEX `article_mentions_company` ON `article_mentions` (`company_id`);--> statement-breakpoint
CREATE TABLE `cities` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`uf` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_slug_unique` ON `cities` (`slug`);--> statement-breakpoint
CREATE INDEX `cities_uf_name` ON `cities` (`uf`,`name`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cnpj` text NOT NULL,
	`legal_name` text NOT NULL,
	`trade_name` text,
	`city_code` integer,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_cnpj_unique` ON `companies` (`cnpj`);--> statement-breakpoint
CREATE UNIQUE INDEX `companies_slug_unique` ON `companies` (`slug`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`external_id` text NOT NULL,
	`court` text NOT NULL,
	`class_name` text,
	`number` text NOT NULL,
	`rapporteur` text,
	`judging_body` text,
	`judged_at` text,
	`published_at` text,
	`summary` text NOT NULL,
	`full_text` text,
	`outcome` text,
	`checksum` text DEFAULT '' NOT NULL,
	`imported_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_external` ON `decisions` (`external_id`);--> statement-breakpoint
CREATE INDEX `decisions_court_published` ON `decisions` (`court`,`published_at`);--> statement-breakpoint
CREATE TABLE `gazette_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gazette_id` integer NOT NULL,
	`edition_id` integer NOT NULL,
	`section_id` integer,
	`date` text NOT NULL,
	`external_id` text NOT NULL,
	`kind` text,
	`organ` text,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`page` integer,
	`lawsuit_cnj` text,
	`checksum` text DEFAULT '' NOT NULL,
	`imported_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`gazette_id`) REFERENCES `gazettes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`edition_id`) REFERENCES `gazette_editions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `gazette_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gazette_articles_external` ON `gazette_articles` (`gazette_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `gazette_articles_edition` ON `gazette_articles` (`edition_id`,`section_id`,`id`);--> statement-breakpoint
CREATE INDEX `gazette_articles_date` ON `gazette_articles` (`date`);--> statement-breakpoint
CREATE INDEX `gazette_articles_cnj` ON `gazette_articles` (`lawsuit_cnj`);--> statement-breakpoint
CREATE TABLE `gazette_editions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gazette_id` integer NOT NULL,
	`date` text NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`extra` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`gazette_id`) REFERENCES `gazettes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gazette_editions_unique` ON `gazette_editions` (`gazette_id`,`date`,`number`,`extra`);--> statement-breakpoint
CREATE TABLE `gazette_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`edition_id` integer NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	FOREIGN KEY (`edition_id`) REFERENCES `gazette_editions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gazette_sections_unique` ON `gazette_sections` (`edition_id`,`slug`);--> statement-breakpoint
CREATE TABLE `gazettes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`sphere` text NOT NULL,
	`uf` text,
	`city_code` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gazettes_slug_unique` ON `gazettes` (`slug`);--> statement-breakpoint
CREATE TABLE `lawsuit_subjects` (
	`lawsuit_id` integer NOT NULL,
	`code` integer NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`lawsuit_id`, `code`),
	FOREIGN KEY (`lawsuit_id`) REFERENCES `lawsuits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lawsuits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cnj` text NOT NULL,
	`court` text NOT NULL,
	`degree` text,
	`class_code` integer,
	`class_name` text,
	`judging_body` text,
	`judging_body_code` integer,
	`city_code` integer,
	`filed_at` text,
	`updated_at` text,
	`secrecy_level` integer DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`checksum` text DEFAULT '' NOT NULL,
	`imported_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lawsuits_cnj_unique` ON `lawsuits` (`cnj`);--> statement-breakpoint
CREATE INDEX `lawsuits_court_filed` ON `lawsuits` (`court`,`filed_at`);--> statement-breakpoint
CREATE TABLE `movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lawsuit_id` integer NOT NULL,
	`at` text NOT NULL,
	`code` integer,
	`name` text NOT NULL,
	`complements` text,
	FOREIGN KEY (`lawsuit_id`) REFERENCES `lawsuits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `movements_unique` ON `movements` (`lawsuit_id`,`at`,`name`);--> statement-breakpoint
CREATE INDEX `movements_lawsuit_at` ON `movements` (`lawsuit_id`,`at`);--> statement-breakpoint
CREATE TABLE `occupations` (
	`code` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `occupations_slug_unique` ON `occupations` (`slug`);--> statement-breakpoint
CREATE TABLE `parties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lawsuit_id` integer NOT NULL,
	`pole` text NOT NULL,
	`name` text NOT NULL,
	`person_id` integer,
	`company_id` integer,
	FOREIGN KEY (`lawsuit_id`) REFERENCES `lawsuits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parties_lawsuit_pole_name` ON `parties` (`lawsuit_id`,`pole`,`name`);--> statement-breakpoint
CREATE INDEX `parties_person` ON `parties` (`person_id`);--> statement-breakpoint
CREATE INDEX `parties_company` ON `parties` (`company_id`);--> statement-breakpoint
CREATE TABLE `party_lawyers` (
	`party_id` integer NOT NULL,
	`name` text NOT NULL,
	`oab_number` text DEFAULT '' NOT NULL,
	`oab_uf` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`party_id`, `name`, `oab_number`, `oab_uf`),
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`city_code` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_slug_unique` ON `people` (`slug`);--> statement-breakpoint
CREATE TABLE `provisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`statute_id` integer NOT NULL,
	`anchor` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`position` integer NOT NULL,
	`depth` integer NOT NULL,
	FOREIGN KEY (`statute_id`) REFERENCES `statutes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provisions_anchor` ON `provisions` (`statute_id`,`anchor`);--> statement-breakpoint
CREATE INDEX `provisions_order` ON `provisions` (`statute_id`,`position`);--> statement-breakpoint
CREATE TABLE `states` (
	`code` integer PRIMARY KEY NOT NULL,
	`uf` text NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `states_uf_unique` ON `states` (`uf`);--> statement-breakpoint
CREATE TABLE `statutes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`urn` text NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL,
	`number` text,
	`date` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`sphere` text NOT NULL,
	`checksum` text DEFAULT '' NOT NULL,
	`imported_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statutes_urn` ON `statutes` (`urn`);--> statement-breakpoint
CREATE UNIQUE INDEX `statutes_slug` ON `statutes` (`slug`);--> statement-breakpoint
CREATE TABLE `tpu_classes` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`path` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tpu_movements` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tpu_subjects` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`path` text DEFAULT '' NOT NULL
);
