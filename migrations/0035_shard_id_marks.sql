-- decisions/0085: a shard never gives an id twice. `newId` takes one past the highest id the
-- shard has ever given in the table here (this table), not only past the highest it still holds:
-- a deleted row (an orphaned person, a split's moved documents) left its id free, and the next
-- document took it, inheriting what the primary keeps by id (a reviewer's "mascarar", follows,
-- claims, alerts). Shard 0 (the primary's own ids) is AUTOINCREMENT and needs none of this.
CREATE TABLE `shard_id_marks` (
	`tbl` text NOT NULL,
	`shard` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`tbl`, `shard`)
);
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'people', `id` / 68719476736, max(`id`) FROM `people` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'companies', `id` / 68719476736, max(`id`) FROM `companies` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'lawsuits', `id` / 68719476736, max(`id`) FROM `lawsuits` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'gazette_articles', `id` / 68719476736, max(`id`) FROM `gazette_articles` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'decisions', `id` / 68719476736, max(`id`) FROM `decisions` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`)
  SELECT 'statutes', `id` / 68719476736, max(`id`) FROM `statutes` WHERE `id` >= 68719476736 GROUP BY `id` / 68719476736;
--> statement-breakpoint
CREATE TRIGGER `people_shard_id_mark` AFTER INSERT ON `people` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('people', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
--> statement-breakpoint
CREATE TRIGGER `companies_shard_id_mark` AFTER INSERT ON `companies` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('companies', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
--> statement-breakpoint
CREATE TRIGGER `lawsuits_shard_id_mark` AFTER INSERT ON `lawsuits` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('lawsuits', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_shard_id_mark` AFTER INSERT ON `gazette_articles` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('gazette_articles', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_shard_id_mark` AFTER INSERT ON `decisions` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('decisions', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
--> statement-breakpoint
CREATE TRIGGER `statutes_shard_id_mark` AFTER INSERT ON `statutes` WHEN NEW.`id` >= 68719476736 BEGIN
  INSERT INTO `shard_id_marks` (`tbl`, `shard`, `last`) VALUES ('statutes', NEW.`id` / 68719476736, NEW.`id`)
    ON CONFLICT (`tbl`, `shard`) DO UPDATE SET `last` = max(`last`, excluded.`last`);
END;
