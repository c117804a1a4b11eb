CREATE INDEX `lawsuits_public` ON `lawsuits` (`id`) WHERE secrecy_level = 0;--> statement-breakpoint
CREATE INDEX `parties_lawsuit_of` ON `parties` (`id`,`lawsuit_id`);