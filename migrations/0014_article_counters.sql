-- Article counters (issue 14), kept by triggers like the follow counts (decisions/0023): a vote
-- row inserted, deleted or switched moves exactly one count; a comment counts while not removed.
CREATE TRIGGER article_votes_counted AFTER INSERT ON article_votes BEGIN
  UPDATE articles SET
    positive_votes = positive_votes + (new.kind = 'POSITIVO'),
    negative_votes = negative_votes + (new.kind = 'NEGATIVO')
  WHERE id = new.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER article_votes_uncounted AFTER DELETE ON article_votes BEGIN
  UPDATE articles SET
    positive_votes = positive_votes - (old.kind = 'POSITIVO'),
    negative_votes = negative_votes - (old.kind = 'NEGATIVO')
  WHERE id = old.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER article_votes_switched AFTER UPDATE OF kind ON article_votes WHEN old.kind <> new.kind BEGIN
  UPDATE articles SET
    positive_votes = positive_votes + (new.kind = 'POSITIVO') - (old.kind = 'POSITIVO'),
    negative_votes = negative_votes + (new.kind = 'NEGATIVO') - (old.kind = 'NEGATIVO')
  WHERE id = new.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER comments_counted AFTER INSERT ON comments WHEN new.deleted_at IS NULL BEGIN
  UPDATE articles SET comment_count = comment_count + 1 WHERE id = new.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER comments_removed AFTER UPDATE OF deleted_at ON comments
  WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
  UPDATE articles SET comment_count = comment_count - 1 WHERE id = new.article_id;
END;
