-- Gazette matérias also carry UF×date tokens (zc<uf><yyyy>, zc<uf><yyyymm>, zc<uf><yyyymmdd>), so
-- a filter by UF and period is one short OR of rare tokens instead of two long ones: FTS5 then
-- intersects and scores (bm25 reads every phrase's whole posting list) far fewer postings
-- (decisions/0012, "UF × period"). The triggers read this view by name, so they pick it up as is.
DROP VIEW `gazette_articles_fts_src`;
--> statement-breakpoint
CREATE VIEW `gazette_articles_fts_src` AS SELECT a.id, a.title, a.body, 'zg' || a.gazette_id || coalesce(' zu' || lower(g.uf), '') || coalesce(' zi' || g.city_code, '') || coalesce(' zs' || (SELECT replace(s.slug, '-', '') FROM gazette_sections s WHERE s.id = a.section_id), '') || coalesce(' zy' || substr(a.date, 1, 4) || ' zn' || substr(a.date, 1, 4) || substr(a.date, 6, 2) || ' zd' || replace(substr(a.date, 1, 10), '-', ''), '') || coalesce(' zc' || lower(g.uf) || substr(a.date, 1, 4) || ' zc' || lower(g.uf) || substr(a.date, 1, 4) || substr(a.date, 6, 2) || ' zc' || lower(g.uf) || replace(substr(a.date, 1, 10), '-', ''), '') AS facets FROM gazette_articles a JOIN gazettes g ON g.id = a.gazette_id;
--> statement-breakpoint
-- Existing rows get the new tokens. On a production-size corpus this one statement can exceed
-- D1's 30 s limit: there, re-index in rowid ranges instead (README, "Changing facet tokens").
INSERT INTO `gazette_articles_fts`(`gazette_articles_fts`) VALUES('rebuild');
