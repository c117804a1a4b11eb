-- Issue 27 items 3 and 4 (decisions/0047, 0048): claims accepted only on a verified identity
-- (gov.br), a review queue worked by a reviewer role, an append-only audit trail, and pending
-- claims that never block a page.
CREATE TABLE `identity_verifications` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`cpf` text NOT NULL,
	`name` text NOT NULL,
	`verified_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identity_verifications_cpf` ON `identity_verifications` (`cpf`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`granted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CHECK (`role` IN ('revisor'))
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`subject_kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`details` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_subject` ON `audit_log` (`subject_kind`,`subject_id`);--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
ALTER TABLE `person_claims` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `person_claims` ADD `decided_by` integer;--> statement-breakpoint
DROP INDEX `person_claims_person`;--> statement-breakpoint
DROP INDEX `person_claims_user`;--> statement-breakpoint
-- Claims accepted on public evidence (before gov.br) were never proof: they go back to review.
UPDATE `person_claims` SET `status` = 'em_analise', `decided_at` = NULL, `created_at` = cast(unixepoch('subsec') * 1000 as integer) WHERE `status` = 'aceita';--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_holder` ON `person_claims` (`person_id`) WHERE `status` IN ('aceita', 'suspensa');--> statement-breakpoint
CREATE UNIQUE INDEX `person_claims_user` ON `person_claims` (`user_id`) WHERE `status` IN ('aceita', 'suspensa', 'em_analise');--> statement-breakpoint
CREATE INDEX `person_claims_queue` ON `person_claims` (`status`,`created_at`);
