-- A reviewer's "mask names" decision goes through the stored masking of decisions/0064
-- (decisions/0071): what it masked is marked with its request, so a re-mask walk for a shorter
-- list never gives those names back.
ALTER TABLE `masked_parties` ADD `request_id` integer;
--> statement-breakpoint
ALTER TABLE `masked_articles` ADD `request_id` integer;
--> statement-breakpoint
-- Jurisprudência of a sensitive matter (decisions/0071): the texts before masking, never read by a page.
CREATE TABLE `masked_decisions` (
	`decision_id` integer PRIMARY KEY NOT NULL REFERENCES `decisions`(`id`) ON DELETE CASCADE,
	`summary` text NOT NULL,
	`full_text` text,
	`request_id` integer
);
