CREATE TABLE `person_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`evidence_kind` text NOT NULL,
	`evidence_value` text NOT NULL,
	`matched` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_person` ON `person_claims` (`person_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_user` ON `person_claims` (`user_id`);--> statement-breakpoint
CREATE INDEX `party_lawyers_oab` ON `party_lawyers` (`oab_number`,`oab_uf`);