-- Issue 30 (decisions/0066, 0067): removal and de-indexing on request. A request names pages, is
-- confirmed by e-mail, carries an identity document (kept private in R2 until the decision) and
-- is decided by a reviewer; de-indexed and masked pages are kept apart from the corpus rows so
-- re-imports never undo a decision. The audit trail (audit_log, migration 0022) records each step.
CREATE TABLE `removal_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status_hash` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`relation` text NOT NULL,
	`rights` text NOT NULL,
	`reason` text NOT NULL,
	`pages` text NOT NULL,
	`document_key` text,
	`document_type` text,
	`status` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`confirmed_at` integer,
	`decided_at` integer,
	`decided_by` integer,
	`decision_reason` text,
	CHECK (`relation` IN ('titular', 'representante', 'advogado', 'outro')),
	CHECK (`status` IN ('aguardando_email', 'em_analise', 'desindexada', 'mascarada', 'recusada'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `removal_requests_status_hash` ON `removal_requests` (`status_hash`);--> statement-breakpoint
CREATE INDEX `removal_requests_queue` ON `removal_requests` (`status`,`confirmed_at`);--> statement-breakpoint
CREATE TABLE `hidden_pages` (
	`kind` text NOT NULL,
	`ref_id` integer NOT NULL,
	`effect` text NOT NULL,
	`request_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`kind`, `ref_id`, `effect`),
	CHECK (`kind` IN ('pessoa', 'empresa', 'processo', 'materia', 'decisao', 'lei')),
	CHECK (`effect` IN ('desindexar', 'mascarar'))
);
