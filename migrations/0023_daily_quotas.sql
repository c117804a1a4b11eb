-- Issue 27 items 6 and 7 (decisions/0049): per-account daily counters of the actions that write
-- for other people (articles fanned out to a community, comments, follows, votes, messages to a
-- professional). A counter is taken with one upsert that only moves while under the cap, so
-- concurrent requests cannot all pass a count read first. `subject` is 'u:{user id}' or, for an
-- anonymous visitor, 'ip:' and a keyed hash of the address; `day` is the Brazilian day.
CREATE TABLE `daily_quotas` (
	`subject` text NOT NULL,
	`action` text NOT NULL,
	`day` text NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`subject`, `action`, `day`)
);
--> statement-breakpoint
CREATE INDEX `daily_quotas_day` ON `daily_quotas` (`day`);
