CREATE TABLE `share_counts` (
	`url` text NOT NULL,
	`network` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`url`, `network`)
);
