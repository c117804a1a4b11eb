-- Full-text indexes (FTS5, external content): case- and accent-insensitive matching
-- ("acao" finds "Ação"). Triggers keep them in sync with their tables; bulk loads that
-- bypass triggers can run INSERT INTO <t>_fts(<t>_fts) VALUES('rebuild').
-- `wrangler d1 export` refuses virtual tables: back up table by table, rebuild FTS from here.
CREATE VIRTUAL TABLE `gazette_articles_fts` USING fts5(title, body, content='gazette_articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_insert` AFTER INSERT ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(rowid, title, body) VALUES (new.id, new.title, new.body); END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_delete` AFTER DELETE ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body) VALUES ('delete', old.id, old.title, old.body); END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_update` AFTER UPDATE ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body) VALUES ('delete', old.id, old.title, old.body); INSERT INTO `gazette_articles_fts`(rowid, title, body) VALUES (new.id, new.title, new.body); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `decisions_fts` USING fts5(class_name, number, summary, content='decisions', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_insert` AFTER INSERT ON `decisions` BEGIN INSERT INTO `decisions_fts`(rowid, class_name, number, summary) VALUES (new.id, new.class_name, new.number, new.summary); END;
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_delete` AFTER DELETE ON `decisions` BEGIN INSERT INTO `decisions_fts`(`decisions_fts`, rowid, class_name, number, summary) VALUES ('delete', old.id, old.class_name, old.number, old.summary); END;
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_update` AFTER UPDATE ON `decisions` BEGIN INSERT INTO `decisions_fts`(`decisions_fts`, rowid, class_name, number, summary) VALUES ('delete', old.id, old.class_name, old.number, old.summary); INSERT INTO `decisions_fts`(rowid, class_name, number, summary) VALUES (new.id, new.class_name, new.number, new.summary); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `provisions_fts` USING fts5(text, content='provisions', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_insert` AFTER INSERT ON `provisions` BEGIN INSERT INTO `provisions_fts`(rowid, text) VALUES (new.id, new.text); END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_delete` AFTER DELETE ON `provisions` BEGIN INSERT INTO `provisions_fts`(`provisions_fts`, rowid, text) VALUES ('delete', old.id, old.text); END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_update` AFTER UPDATE ON `provisions` BEGIN INSERT INTO `provisions_fts`(`provisions_fts`, rowid, text) VALUES ('delete', old.id, old.text); INSERT INTO `provisions_fts`(rowid, text) VALUES (new.id, new.text); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `statutes_fts` USING fts5(title, summary, content='statutes', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_insert` AFTER INSERT ON `statutes` BEGIN INSERT INTO `statutes_fts`(rowid, title, summary) VALUES (new.id, new.title, new.summary); END;
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_delete` AFTER DELETE ON `statutes` BEGIN INSERT INTO `statutes_fts`(`statutes_fts`, rowid, title, summary) VALUES ('delete', old.id, old.title, old.summary); END;
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_update` AFTER UPDATE ON `statutes` BEGIN INSERT INTO `statutes_fts`(`statutes_fts`, rowid, title, summary) VALUES ('delete', old.id, old.title, old.summary); INSERT INTO `statutes_fts`(rowid, title, summary) VALUES (new.id, new.title, new.summary); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(name, content='people', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `people` BEGIN INSERT INTO `people_fts`(rowid, name) VALUES (new.id, new.name); END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` AFTER DELETE ON `people` BEGIN INSERT INTO `people_fts`(`people_fts`, rowid, name) VALUES ('delete', old.id, old.name); END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_update` AFTER UPDATE ON `people` BEGIN INSERT INTO `people_fts`(`people_fts`, rowid, name) VALUES ('delete', old.id, old.name); INSERT INTO `people_fts`(rowid, name) VALUES (new.id, new.name); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `companies_fts` USING fts5(legal_name, trade_name, content='companies', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `companies_fts_insert` AFTER INSERT ON `companies` BEGIN INSERT INTO `companies_fts`(rowid, legal_name, trade_name) VALUES (new.id, new.legal_name, new.trade_name); END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_delete` AFTER DELETE ON `companies` BEGIN INSERT INTO `companies_fts`(`companies_fts`, rowid, legal_name, trade_name) VALUES ('delete', old.id, old.legal_name, old.trade_name); END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_update` AFTER UPDATE ON `companies` BEGIN INSERT INTO `companies_fts`(`companies_fts`, rowid, legal_name, trade_name) VALUES ('delete', old.id, old.legal_name, old.trade_name); INSERT INTO `companies_fts`(rowid, legal_name, trade_name) VALUES (new.id, new.legal_name, new.trade_name); END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `parties_fts` USING fts5(name, content='parties', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `parties_fts_insert` AFTER INSERT ON `parties` BEGIN INSERT INTO `parties_fts`(rowid, name) VALUES (new.id, new.name); END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_delete` AFTER DELETE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name) VALUES ('delete', old.id, old.name); END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_update` AFTER UPDATE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name) VALUES ('delete', old.id, old.name); INSERT INTO `parties_fts`(rowid, name) VALUES (new.id, new.name); END;
