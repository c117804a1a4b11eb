-- Webhook deliveries that can be trusted (issue 27 item 11, decisions/0051): one row per delivery
-- (its stable id is the X-Entrega header), its state and its next attempt, worked by the queue
-- and, as the safety net, by the cron tick. `webhook_deliveries` stays the log of every attempt.
CREATE TABLE `webhook_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delivery_key` text NOT NULL,
	`event` text NOT NULL,
	`hit_id` integer,
	`body` text NOT NULL,
	`state` text DEFAULT 'pendente' NOT NULL CHECK (`state` IN ('pendente', 'enviando', 'entregue', 'falhou')),
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claim` text,
	`status_code` integer,
	`error` text,
	`ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_outbox_user_key` ON `webhook_outbox` (`user_id`,`delivery_key`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_user` ON `webhook_outbox` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_due` ON `webhook_outbox` (`state`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `outbox_id` integer;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_outbox` ON `webhook_deliveries` (`outbox_id`);
