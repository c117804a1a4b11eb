-- Issue 31 (decisions/0072): people and companies live in the `entidades` shard, while the parties
-- and matéria mentions that name them live with their lawsuits and matérias, and person claims in
-- the primary. D1 enforces foreign keys only inside one database, so the three tables are rebuilt
-- without the keys to `people`/`companies` (the importers keep those links right, as they already
-- do; the claims' cascade is done by the code that deletes a person). Every other key stays.
--
-- D1 cannot turn foreign keys off, and DROP TABLE deletes every row first (firing ON DELETE
-- CASCADE), so the rows of `parties`' children are kept aside and put back; the FTS triggers and
-- the view over `parties` are dropped first (the index keeps its entries, the ids do not change)
-- and recreated as they were.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
DROP TRIGGER `parties_fts_insert`;--> statement-breakpoint
DROP TRIGGER `parties_fts_delete`;--> statement-breakpoint
DROP TRIGGER `parties_fts_unindex`;--> statement-breakpoint
DROP TRIGGER `parties_fts_reindex`;--> statement-breakpoint
DROP TRIGGER `parties_fts_parent_unindex_lawsuit`;--> statement-breakpoint
DROP TRIGGER `parties_fts_parent_reindex_lawsuit`;--> statement-breakpoint
DROP TRIGGER `parties_fts_parent_delete`;--> statement-breakpoint
DROP VIEW `parties_fts_src`;--> statement-breakpoint
CREATE TABLE `_kept_party_lawyers` AS SELECT * FROM `party_lawyers`;--> statement-breakpoint
CREATE TABLE `_kept_masked_parties` AS SELECT * FROM `masked_parties`;--> statement-breakpoint
CREATE TABLE `parties_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lawsuit_id` integer NOT NULL,
	`pole` text NOT NULL,
	`name` text NOT NULL,
	`person_id` integer,
	`company_id` integer,
	FOREIGN KEY (`lawsuit_id`) REFERENCES `lawsuits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `parties_new` (`id`, `lawsuit_id`, `pole`, `name`, `person_id`, `company_id`)
	SELECT `id`, `lawsuit_id`, `pole`, `name`, `person_id`, `company_id` FROM `parties`;--> statement-breakpoint
DROP TABLE `parties`;--> statement-breakpoint
ALTER TABLE `parties_new` RENAME TO `parties`;--> statement-breakpoint
CREATE UNIQUE INDEX `parties_lawsuit_pole_name` ON `parties` (`lawsuit_id`,`pole`,`name`);--> statement-breakpoint
CREATE INDEX `parties_person` ON `parties` (`person_id`);--> statement-breakpoint
CREATE INDEX `parties_company` ON `parties` (`company_id`);--> statement-breakpoint
DELETE FROM `party_lawyers`;--> statement-breakpoint
INSERT INTO `party_lawyers` SELECT * FROM `_kept_party_lawyers`;--> statement-breakpoint
DELETE FROM `masked_parties`;--> statement-breakpoint
INSERT INTO `masked_parties` SELECT * FROM `_kept_masked_parties`;--> statement-breakpoint
DROP TABLE `_kept_party_lawyers`;--> statement-breakpoint
DROP TABLE `_kept_masked_parties`;--> statement-breakpoint
CREATE VIEW `parties_fts_src` AS SELECT p.id, p.name, p.lawsuit_id, 'zt' || lower(replace(l.court, '-', '')) || ' zp' || p.pole || coalesce(' zk' || l.class_code, '') || coalesce(' zi' || l.city_code, '') || coalesce(' zu' || (SELECT lower(c.uf) FROM cities c WHERE c.code = l.city_code), '') || coalesce(' zy' || substr(l.filed_at, 1, 4) || ' zn' || substr(l.filed_at, 1, 4) || substr(l.filed_at, 6, 2) || ' zd' || replace(substr(l.filed_at, 1, 10), '-', ''), '') AS facets FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id;--> statement-breakpoint
CREATE TRIGGER `parties_fts_insert` AFTER INSERT ON `parties` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE id = new.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_delete` BEFORE DELETE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE id = old.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_unindex` BEFORE UPDATE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE id = old.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_reindex` AFTER UPDATE ON `parties` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE id = new.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_unindex_lawsuit` BEFORE UPDATE OF court, class_code, city_code, filed_at ON `lawsuits` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE lawsuit_id = old.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_reindex_lawsuit` AFTER UPDATE OF court, class_code, city_code, filed_at ON `lawsuits` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE lawsuit_id = new.id; END;--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_delete` BEFORE DELETE ON `lawsuits` BEGIN DELETE FROM `parties` WHERE lawsuit_id = old.id; END;--> statement-breakpoint
CREATE TABLE `article_mentions_new` (
	`article_id` integer NOT NULL,
	`person_id` integer,
	`company_id` integer,
	FOREIGN KEY (`article_id`) REFERENCES `gazette_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `article_mentions_new` (`article_id`, `person_id`, `company_id`)
	SELECT `article_id`, `person_id`, `company_id` FROM `article_mentions`;--> statement-breakpoint
DROP TABLE `article_mentions`;--> statement-breakpoint
ALTER TABLE `article_mentions_new` RENAME TO `article_mentions`;--> statement-breakpoint
CREATE UNIQUE INDEX `article_mentions_unique` ON `article_mentions` (`article_id`,`person_id`,`company_id`);--> statement-breakpoint
CREATE INDEX `article_mentions_person` ON `article_mentions` (`person_id`);--> statement-breakpoint
CREATE INDEX `article_mentions_company` ON `article_mentions` (`company_id`);--> statement-breakpoint
CREATE TABLE `person_claims_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`evidence_kind` text NOT NULL,
	`evidence_value` text NOT NULL,
	`matched` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	`reason` text,
	`decided_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `person_claims_new` (`id`, `person_id`, `user_id`, `status`, `evidence_kind`, `evidence_value`, `matched`, `created_at`, `decided_at`, `reason`, `decided_by`)
	SELECT `id`, `person_id`, `user_id`, `status`, `evidence_kind`, `evidence_value`, `matched`, `created_at`, `decided_at`, `reason`, `decided_by` FROM `person_claims`;--> statement-breakpoint
DROP TABLE `person_claims`;--> statement-breakpoint
ALTER TABLE `person_claims_new` RENAME TO `person_claims`;--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_holder` ON `person_claims` (`person_id`) WHERE `status` IN ('aceita', 'suspensa');--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_user` ON `person_claims` (`user_id`) WHERE `status` IN ('aceita', 'suspensa', 'em_analise');--> statement-breakpoint
CREATE INDEX `person_claims_queue` ON `person_claims` (`status`,`created_at`);
