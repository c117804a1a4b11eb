-- Moving data between shard databases (decisions/0077): one row per split of a map entry. The job
-- is resumable: `step` and `cursor` say exactly where a killed run stopped (the last document id
-- whose batch is done in the target, or deleted from the source), and `tally` keeps the verify
-- step's per-table counts and checksums so far. Only the primary's rows count.
CREATE TABLE `corpus_splits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`shard` integer NOT NULL,
	`family` text NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`id_from` integer NOT NULL,
	`id_to` integer NOT NULL,
	`step` text DEFAULT 'copiar' NOT NULL,
	`group_index` integer DEFAULT 0 NOT NULL,
	`cursor` integer,
	`tally` text DEFAULT '{}' NOT NULL,
	`error` text,
	`switched_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CHECK (`id_from` < `id_to`),
	CHECK (`source` <> `target`),
	CHECK (`step` IN ('copiar', 'verificar', 'trocar', 'aguardar', 'recopiar', 'conferir', 'apagar', 'feito', 'falhou'))
);
--> statement-breakpoint
-- One split at a time per map entry that is not finished (a second start resumes the first).
CREATE UNIQUE INDEX `corpus_splits_open` ON `corpus_splits` (`entry_id`) WHERE `step` NOT IN ('feito', 'falhou');
