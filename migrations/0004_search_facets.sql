-- Search filters as index tokens (ADR 0012). Each FTS table gains a "facets" column of tokens
-- such as zusp (UF), zttjsp (court), zn202403 (month), so a filter is part of the MATCH and FTS5
-- intersects posting lists instead of scanning rows. The tokens are computed by a view per table
-- (the FTS5 external content); triggers index a row from its view. Deletes and updates remove the
-- old entry BEFORE the row changes, while the view still yields the indexed values; parents whose
-- values feed a child's tokens re-index (or delete) their children first for the same reason.
DROP TRIGGER IF EXISTS `gazette_articles_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `gazette_articles_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `gazette_articles_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `gazette_articles_fts`;
--> statement-breakpoint
CREATE VIEW `gazette_articles_fts_src` AS SELECT a.id, a.title, a.body, 'zg' || a.gazette_id || coalesce(' zu' || lower(g.uf), '') || coalesce(' zi' || g.city_code, '') || coalesce(' zs' || (SELECT replace(s.slug, '-', '') FROM gazette_sections s WHERE s.id = a.section_id), '') || coalesce(' zy' || substr(a.date, 1, 4) || ' zn' || substr(a.date, 1, 4) || substr(a.date, 6, 2) || ' zd' || replace(substr(a.date, 1, 10), '-', ''), '') AS facets FROM gazette_articles a JOIN gazettes g ON g.id = a.gazette_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `gazette_articles_fts` USING fts5(title, body, facets, content='gazette_articles_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_insert` AFTER INSERT ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(rowid, title, body, facets) SELECT id, title, body, facets FROM `gazette_articles_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_delete` BEFORE DELETE ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body, facets) SELECT 'delete', id, title, body, facets FROM `gazette_articles_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_unindex` BEFORE UPDATE ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body, facets) SELECT 'delete', id, title, body, facets FROM `gazette_articles_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_reindex` AFTER UPDATE ON `gazette_articles` BEGIN INSERT INTO `gazette_articles_fts`(rowid, title, body, facets) SELECT id, title, body, facets FROM `gazette_articles_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `gazette_articles_fts_vocab` USING fts5vocab(`gazette_articles_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `decisions_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `decisions_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `decisions_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `decisions_fts`;
--> statement-breakpoint
CREATE VIEW `decisions_fts_src` AS SELECT d.id, d.class_name, d.number, d.summary, 'zt' || lower(replace(d.court, '-', '')) || coalesce(' zy' || substr(d.published_at, 1, 4) || ' zn' || substr(d.published_at, 1, 4) || substr(d.published_at, 6, 2) || ' zd' || replace(substr(d.published_at, 1, 10), '-', ''), '') AS facets FROM decisions d;
--> statement-breakpoint
CREATE VIRTUAL TABLE `decisions_fts` USING fts5(class_name, number, summary, facets, content='decisions_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_insert` AFTER INSERT ON `decisions` BEGIN INSERT INTO `decisions_fts`(rowid, class_name, number, summary, facets) SELECT id, class_name, number, summary, facets FROM `decisions_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_delete` BEFORE DELETE ON `decisions` BEGIN INSERT INTO `decisions_fts`(`decisions_fts`, rowid, class_name, number, summary, facets) SELECT 'delete', id, class_name, number, summary, facets FROM `decisions_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_unindex` BEFORE UPDATE ON `decisions` BEGIN INSERT INTO `decisions_fts`(`decisions_fts`, rowid, class_name, number, summary, facets) SELECT 'delete', id, class_name, number, summary, facets FROM `decisions_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `decisions_fts_reindex` AFTER UPDATE ON `decisions` BEGIN INSERT INTO `decisions_fts`(rowid, class_name, number, summary, facets) SELECT id, class_name, number, summary, facets FROM `decisions_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `decisions_fts`(`decisions_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `decisions_fts_vocab` USING fts5vocab(`decisions_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `provisions_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `provisions_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `provisions_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `provisions_fts`;
--> statement-breakpoint
CREATE VIEW `provisions_fts_src` AS SELECT p.id, p.text, p.statute_id, 'ze' || lower(replace(s.kind, ' ', '')) || ' zf' || s.sphere || coalesce(' zy' || substr(s.date, 1, 4) || ' zn' || substr(s.date, 1, 4) || substr(s.date, 6, 2) || ' zd' || replace(substr(s.date, 1, 10), '-', ''), '') AS facets FROM provisions p JOIN statutes s ON s.id = p.statute_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `provisions_fts` USING fts5(text, facets, content='provisions_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_insert` AFTER INSERT ON `provisions` BEGIN INSERT INTO `provisions_fts`(rowid, text, facets) SELECT id, text, facets FROM `provisions_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_delete` BEFORE DELETE ON `provisions` BEGIN INSERT INTO `provisions_fts`(`provisions_fts`, rowid, text, facets) SELECT 'delete', id, text, facets FROM `provisions_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_unindex` BEFORE UPDATE ON `provisions` BEGIN INSERT INTO `provisions_fts`(`provisions_fts`, rowid, text, facets) SELECT 'delete', id, text, facets FROM `provisions_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_reindex` AFTER UPDATE ON `provisions` BEGIN INSERT INTO `provisions_fts`(rowid, text, facets) SELECT id, text, facets FROM `provisions_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `provisions_fts`(`provisions_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `provisions_fts_vocab` USING fts5vocab(`provisions_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `statutes_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `statutes_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `statutes_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `statutes_fts`;
--> statement-breakpoint
CREATE VIEW `statutes_fts_src` AS SELECT s.id, s.title, s.summary, 'ze' || lower(replace(s.kind, ' ', '')) || ' zf' || s.sphere || coalesce(' zy' || substr(s.date, 1, 4) || ' zn' || substr(s.date, 1, 4) || substr(s.date, 6, 2) || ' zd' || replace(substr(s.date, 1, 10), '-', ''), '') AS facets FROM statutes s;
--> statement-breakpoint
CREATE VIRTUAL TABLE `statutes_fts` USING fts5(title, summary, facets, content='statutes_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_insert` AFTER INSERT ON `statutes` BEGIN INSERT INTO `statutes_fts`(rowid, title, summary, facets) SELECT id, title, summary, facets FROM `statutes_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_delete` BEFORE DELETE ON `statutes` BEGIN INSERT INTO `statutes_fts`(`statutes_fts`, rowid, title, summary, facets) SELECT 'delete', id, title, summary, facets FROM `statutes_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_unindex` BEFORE UPDATE ON `statutes` BEGIN INSERT INTO `statutes_fts`(`statutes_fts`, rowid, title, summary, facets) SELECT 'delete', id, title, summary, facets FROM `statutes_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `statutes_fts_reindex` AFTER UPDATE ON `statutes` BEGIN INSERT INTO `statutes_fts`(rowid, title, summary, facets) SELECT id, title, summary, facets FROM `statutes_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `statutes_fts`(`statutes_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `statutes_fts_vocab` USING fts5vocab(`statutes_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `people_fts`;
--> statement-breakpoint
CREATE VIEW `people_fts_src` AS SELECT p.id, p.name, 'zx' || coalesce(' zi' || p.city_code, '') || coalesce(' zu' || (SELECT lower(c.uf) FROM cities c WHERE c.code = p.city_code), '') AS facets FROM people p;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(name, facets, content='people_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `people` BEGIN INSERT INTO `people_fts`(rowid, name, facets) SELECT id, name, facets FROM `people_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` BEFORE DELETE ON `people` BEGIN INSERT INTO `people_fts`(`people_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `people_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_unindex` BEFORE UPDATE ON `people` BEGIN INSERT INTO `people_fts`(`people_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `people_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_reindex` AFTER UPDATE ON `people` BEGIN INSERT INTO `people_fts`(rowid, name, facets) SELECT id, name, facets FROM `people_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts_vocab` USING fts5vocab(`people_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `companies_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `companies_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `companies_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `companies_fts`;
--> statement-breakpoint
CREATE VIEW `companies_fts_src` AS SELECT c.id, c.legal_name, c.trade_name, 'zx' || coalesce(' zi' || c.city_code, '') || coalesce(' zu' || (SELECT lower(ci.uf) FROM cities ci WHERE ci.code = c.city_code), '') AS facets FROM companies c;
--> statement-breakpoint
CREATE VIRTUAL TABLE `companies_fts` USING fts5(legal_name, trade_name, facets, content='companies_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `companies_fts_insert` AFTER INSERT ON `companies` BEGIN INSERT INTO `companies_fts`(rowid, legal_name, trade_name, facets) SELECT id, legal_name, trade_name, facets FROM `companies_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_delete` BEFORE DELETE ON `companies` BEGIN INSERT INTO `companies_fts`(`companies_fts`, rowid, legal_name, trade_name, facets) SELECT 'delete', id, legal_name, trade_name, facets FROM `companies_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_unindex` BEFORE UPDATE ON `companies` BEGIN INSERT INTO `companies_fts`(`companies_fts`, rowid, legal_name, trade_name, facets) SELECT 'delete', id, legal_name, trade_name, facets FROM `companies_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_reindex` AFTER UPDATE ON `companies` BEGIN INSERT INTO `companies_fts`(rowid, legal_name, trade_name, facets) SELECT id, legal_name, trade_name, facets FROM `companies_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `companies_fts`(`companies_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `companies_fts_vocab` USING fts5vocab(`companies_fts`, col);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `parties_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `parties_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `parties_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `parties_fts`;
--> statement-breakpoint
CREATE VIEW `parties_fts_src` AS SELECT p.id, p.name, p.lawsuit_id, 'zt' || lower(replace(l.court, '-', '')) || ' zp' || p.pole || coalesce(' zk' || l.class_code, '') || coalesce(' zi' || l.city_code, '') || coalesce(' zu' || (SELECT lower(c.uf) FROM cities c WHERE c.code = l.city_code), '') || coalesce(' zy' || substr(l.filed_at, 1, 4) || ' zn' || substr(l.filed_at, 1, 4) || substr(l.filed_at, 6, 2) || ' zd' || replace(substr(l.filed_at, 1, 10), '-', ''), '') AS facets FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `parties_fts` USING fts5(name, facets, content='parties_fts_src', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `parties_fts_insert` AFTER INSERT ON `parties` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_delete` BEFORE DELETE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_unindex` BEFORE UPDATE ON `parties` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_reindex` AFTER UPDATE ON `parties` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE id = new.id; END;
--> statement-breakpoint
INSERT INTO `parties_fts`(`parties_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `parties_fts_vocab` USING fts5vocab(`parties_fts`, col);
--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_unindex_lawsuit` BEFORE UPDATE OF court, class_code, city_code, filed_at ON `lawsuits` BEGIN INSERT INTO `parties_fts`(`parties_fts`, rowid, name, facets) SELECT 'delete', id, name, facets FROM `parties_fts_src` WHERE lawsuit_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_reindex_lawsuit` AFTER UPDATE OF court, class_code, city_code, filed_at ON `lawsuits` BEGIN INSERT INTO `parties_fts`(rowid, name, facets) SELECT id, name, facets FROM `parties_fts_src` WHERE lawsuit_id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_parent_unindex_statute` BEFORE UPDATE OF kind, sphere, date ON `statutes` BEGIN INSERT INTO `provisions_fts`(`provisions_fts`, rowid, text, facets) SELECT 'delete', id, text, facets FROM `provisions_fts_src` WHERE statute_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_parent_reindex_statute` AFTER UPDATE OF kind, sphere, date ON `statutes` BEGIN INSERT INTO `provisions_fts`(rowid, text, facets) SELECT id, text, facets FROM `provisions_fts_src` WHERE statute_id = new.id; END;
--> statement-breakpoint
CREATE TRIGGER `parties_fts_parent_delete` BEFORE DELETE ON `lawsuits` BEGIN DELETE FROM `parties` WHERE lawsuit_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `provisions_fts_parent_delete` BEFORE DELETE ON `statutes` BEGIN DELETE FROM `provisions` WHERE statute_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_delete_gazettes` BEFORE DELETE ON `gazettes` BEGIN DELETE FROM `gazette_articles` WHERE gazette_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_delete_gazette_editions` BEFORE DELETE ON `gazette_editions` BEGIN DELETE FROM `gazette_articles` WHERE edition_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_delete_gazette_sections` BEFORE DELETE ON `gazette_sections` BEGIN DELETE FROM `gazette_articles` WHERE section_id = old.id; END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_unindex_gazette` BEFORE UPDATE OF uf, city_code ON `gazettes` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body, facets) SELECT 'delete', id, title, body, facets FROM `gazette_articles_fts_src` WHERE id IN (SELECT id FROM gazette_articles WHERE gazette_id = old.id); END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_reindex_gazette` AFTER UPDATE OF uf, city_code ON `gazettes` BEGIN INSERT INTO `gazette_articles_fts`(rowid, title, body, facets) SELECT id, title, body, facets FROM `gazette_articles_fts_src` WHERE id IN (SELECT id FROM gazette_articles WHERE gazette_id = new.id); END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_unindex_section` BEFORE UPDATE OF slug ON `gazette_sections` BEGIN INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`, rowid, title, body, facets) SELECT 'delete', id, title, body, facets FROM `gazette_articles_fts_src` WHERE id IN (SELECT id FROM gazette_articles WHERE section_id = old.id); END;
--> statement-breakpoint
CREATE TRIGGER `gazette_articles_fts_parent_reindex_section` AFTER UPDATE OF slug ON `gazette_sections` BEGIN INSERT INTO `gazette_articles_fts`(rowid, title, body, facets) SELECT id, title, body, facets FROM `gazette_articles_fts_src` WHERE id IN (SELECT id FROM gazette_articles WHERE section_id = new.id); END;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `decisions_published` ON `decisions` (`published_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `lawsuits_filed` ON `lawsuits` (`filed_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `statutes_date` ON `statutes` (`date`);
