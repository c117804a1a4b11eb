-- Keys of the open API (issue 29, decisions/0063): one row per key a user created in "Conta".
-- Only the SHA-256 of the secret is kept (the secret is shown once, at creation) and its first
-- characters, so the owner can tell keys apart. A call authenticates and counts in one statement
-- (the unique hash index); revoking keeps the row, its name and its count.
CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`usage_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_hash` ON `api_keys` (`secret_hash`);
--> statement-breakpoint
CREATE INDEX `api_keys_user` ON `api_keys` (`user_id`,`created_at`);
