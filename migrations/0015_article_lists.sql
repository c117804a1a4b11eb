-- Article lists (issue 14, decisions/0027): "most voted" in index order, site-wide and per community.
-- The recent lists use the (community_id|author_id, created_at) and created_at indexes of 0013.
CREATE INDEX `articles_score` ON `articles` (("positive_votes" - "negative_votes"),`created_at`);--> statement-breakpoint
CREATE INDEX `articles_community_score` ON `articles` (`community_id`,("positive_votes" - "negative_votes"),`created_at`);