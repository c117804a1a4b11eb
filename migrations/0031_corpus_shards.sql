-- The corpus past one database (decisions/0072): the shard map. Applied, like every migration,
-- to the primary and to every corpus database; only the primary's rows count. One row per
-- (shard, id sub-range): a shard is a source family and a period (`dou` 2024, `processo:8.26`
-- 2010–2019, `legislacao`, `entidades` hash buckets `00`–`ff`); its documents take ids in its own
-- range [shard · 2^36, (shard + 1) · 2^36), so an id alone names its database; a split moves a
-- sub-range of ids to another database. No rows: every shard is the primary (today's product).
CREATE TABLE `corpus_shards` (
	`id` integer PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`family` text NOT NULL,
	`period_from` text DEFAULT '' NOT NULL,
	`period_to` text DEFAULT '~' NOT NULL,
	`id_from` integer NOT NULL,
	`id_to` integer NOT NULL,
	`binding` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CHECK (`id_from` < `id_to`),
	CHECK (`period_from` < `period_to`),
	CHECK (`binding` = 'DB' OR `binding` GLOB 'CORPUS_[0-9]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `corpus_shards_ids` ON `corpus_shards` (`id_from`);
