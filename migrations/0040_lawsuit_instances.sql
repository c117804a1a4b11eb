-- Issue 38: each instance (grau) a source describes a lawsuit in, with its court and class.
CREATE TABLE `lawsuit_instances` (
	`lawsuit_id` integer NOT NULL,
	`degree` text NOT NULL,
	`court` text NOT NULL,
	`class_code` integer,
	`class_name` text,
	`judging_body` text,
	PRIMARY KEY(`lawsuit_id`, `degree`, `court`),
	FOREIGN KEY (`lawsuit_id`) REFERENCES `lawsuits`(`id`) ON UPDATE no action ON DELETE cascade
);
