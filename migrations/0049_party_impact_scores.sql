-- Issue 42 (decisions/0113): a ranked page of one word of the parties' names scored from the
-- impacts with FTS5's own arithmetic, not by bm25. The index's totals that score needs (its
-- rows and tokens, from FTS5's averages record), kept with the record they were read from: a
-- search uses them only while the index's record is still that one.
ALTER TABLE `party_impacts_state` ADD `averages` blob;
--> statement-breakpoint
ALTER TABLE `party_impacts_state` ADD `rows` integer;
--> statement-breakpoint
ALTER TABLE `party_impacts_state` ADD `tokens` integer;
