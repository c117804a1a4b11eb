-- Issue 42 (decisions/0110): the commonest words of each search index with their rows, for one
-- state of the index (its structure record), so a ranked search can give a word in most rows
-- FTS5's clamped IDF without walking its posting list. Filled by the cron and the seed.
CREATE TABLE `common_terms` (
	`source` text NOT NULL,
	`term` text NOT NULL,
	`docs` integer NOT NULL,
	`rows` integer NOT NULL,
	`tokens` integer NOT NULL,
	`structure` text NOT NULL,
	PRIMARY KEY(`source`, `term`)
);
