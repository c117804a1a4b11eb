-- Issue 42 (decisions/0111): impact-ordered postings of the parties' names, so a ranked search
-- of a party's name reads the few rows that can reach its page instead of scoring every match.
-- One row per (word of a party's name, party): how often the word is in the name (`freq`) and
-- the party's row length in the index (`size`, FTS5's `_docsize`), the two things bm25 orders by.
-- Read from FTS5's own index (`parties_fts_instances`), never tokenised apart from it.
CREATE VIRTUAL TABLE `parties_fts_instances` USING fts5vocab(`parties_fts`, instance);
--> statement-breakpoint
CREATE TABLE `party_impacts` (
	`term` text NOT NULL,
	`freq` integer NOT NULL,
	`size` integer,
	`party_id` integer NOT NULL,
	PRIMARY KEY(`term`, `freq`, `size`, `party_id` DESC)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `party_impacts_party` ON `party_impacts` (`party_id`);
--> statement-breakpoint
-- The parties whose row in the index changed since `party_impacts` last caught up: while any is
-- listed, searches rank by bm25 as before. Filled by triggers beside the index's own.
CREATE TABLE `party_impact_changes` (`party_id` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
-- Whether `party_impacts` was built and every change since applied exactly (one row, id 1).
CREATE TABLE `party_impacts_state` (`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1), `exact` integer NOT NULL);
--> statement-breakpoint
CREATE TRIGGER `party_impacts_party_insert` AFTER INSERT ON `parties` BEGIN INSERT OR IGNORE INTO `party_impact_changes` VALUES (new.id); END;
--> statement-breakpoint
CREATE TRIGGER `party_impacts_party_update` AFTER UPDATE ON `parties` BEGIN INSERT OR IGNORE INTO `party_impact_changes` VALUES (old.id); INSERT OR IGNORE INTO `party_impact_changes` VALUES (new.id); END;
--> statement-breakpoint
CREATE TRIGGER `party_impacts_party_delete` AFTER DELETE ON `parties` BEGIN INSERT OR IGNORE INTO `party_impact_changes` VALUES (old.id); END;
--> statement-breakpoint
CREATE TRIGGER `party_impacts_lawsuit_update` AFTER UPDATE OF court, class_code, city_code, filed_at ON `lawsuits` BEGIN INSERT OR IGNORE INTO `party_impact_changes` SELECT id FROM `parties` WHERE lawsuit_id = new.id; END;
