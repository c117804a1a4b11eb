-- The network (issue 13): the directory's profession slugs per CBO code
-- (app/domain/directory/professions.ts; a unit test keeps both equal), the follow counters and
-- the backfill of memberships and listings for accounts that existed before.
INSERT INTO directory_professions (occupation_code, profession) VALUES
  ('241005', 'advogado'),
  ('241010', 'advogado'),
  ('241015', 'advogado'),
  ('241020', 'advogado'),
  ('241025', 'advogado'),
  ('241030', 'advogado'),
  ('241035', 'advogado'),
  ('241040', 'consultor-juridico'),
  ('252210', 'contador'),
  ('252215', 'perito-contabil'),
  ('241335', 'tabeliao'),
  ('241340', 'tabeliao'),
  ('241310', 'oficial-de-registro'),
  ('241315', 'oficial-de-registro'),
  ('241325', 'oficial-de-registro'),
  ('241330', 'oficial-de-registro'),
  ('351435', 'mediador'),
  ('351440', 'arbitro'),
  ('251525', 'psicologo-juridico'),
  ('241205', 'procurador'),
  ('241210', 'procurador'),
  ('241215', 'procurador'),
  ('241220', 'procurador'),
  ('241225', 'procurador'),
  ('241230', 'procurador'),
  ('241235', 'procurador'),
  ('242205', 'procurador'),
  ('242210', 'procurador'),
  ('242220', 'procurador'),
  ('242235', 'promotor-de-justica'),
  ('242405', 'defensor-publico'),
  ('242305', 'delegado-de-policia'),
  ('111325', 'juiz'),
  ('111330', 'juiz'),
  ('111345', 'juiz'),
  ('351425', 'oficial-de-justica'),
  ('351410', 'escrivao'),
  ('351405', 'escrevente'),
  ('351430', 'auxiliar-juridico');
--> statement-breakpoint
-- Counts follow the rows whatever path adds or removes them (a route, a user's deletion).
CREATE TRIGGER follows_counted AFTER INSERT ON follows BEGIN
  INSERT INTO follow_counts (kind, target_id, followers) VALUES (new.kind, new.target_id, 1)
    ON CONFLICT (kind, target_id) DO UPDATE SET followers = followers + 1;
  UPDATE directory_listings SET followers = followers + 1 WHERE new.kind = 'usuario' AND user_id = new.target_id;
  UPDATE communities SET member_count = member_count + 1 WHERE new.kind = 'comunidade' AND new.membership AND id = new.target_id;
END;
--> statement-breakpoint
CREATE TRIGGER follows_uncounted AFTER DELETE ON follows BEGIN
  UPDATE follow_counts SET followers = followers - 1 WHERE kind = old.kind AND target_id = old.target_id;
  UPDATE directory_listings SET followers = followers - 1 WHERE old.kind = 'usuario' AND user_id = old.target_id;
  UPDATE communities SET member_count = member_count - 1 WHERE old.kind = 'comunidade' AND old.membership AND id = old.target_id;
END;
--> statement-breakpoint
CREATE TRIGGER follows_membership AFTER UPDATE OF membership ON follows
  WHEN old.kind = 'comunidade' AND old.membership <> new.membership BEGIN
  UPDATE communities SET member_count = member_count + (CASE WHEN new.membership THEN 1 ELSE -1 END)
    WHERE id = new.target_id;
END;
--> statement-breakpoint
UPDATE communities SET member_count = 0;
--> statement-breakpoint
INSERT OR IGNORE INTO follows (user_id, kind, target_id, membership)
  SELECT u.id, 'comunidade', c.id, 1 FROM users u JOIN communities c
    ON (c.kind = 'profissao' AND c.occupation_code = u.occupation_code)
    OR (c.kind = 'curso' AND u.kind = 'estudante' AND c.course = u.course);
--> statement-breakpoint
INSERT OR REPLACE INTO directory_listings
      (user_id, city_code, profession, uf, home, completeness, followers)
    SELECT u.id, c.code, dp.profession, c.uf, c.code IS u.city_code, (
  (CASE WHEN u.photo_key IS NOT NULL THEN 25 ELSE 0 END)
  + 7 * min(3, (SELECT count(*) FROM user_specialties s WHERE s.user_id = u.id))
  + (CASE WHEN EXISTS (SELECT 1 FROM user_services v WHERE v.user_id = u.id) THEN 15 ELSE 0 END)
  + (CASE WHEN EXISTS (SELECT 1 FROM user_phones p WHERE p.user_id = u.id) THEN 15 ELSE 0 END)
  + (CASE WHEN EXISTS (SELECT 1 FROM user_service_cities x WHERE x.user_id = u.id) THEN 14 ELSE 0 END)
  + (CASE WHEN u.email_confirmed_at IS NOT NULL THEN 10 ELSE 0 END)
),
      coalesce((SELECT f.followers FROM follow_counts f WHERE f.kind = 'usuario' AND f.target_id = u.id), 0)
    FROM (
      SELECT id AS user_id, city_code FROM users WHERE city_code IS NOT NULL AND 1
      UNION SELECT user_id, city_code FROM user_service_cities WHERE 1
    ) uc
    JOIN users u ON u.id = uc.user_id
    JOIN directory_professions dp ON dp.occupation_code = u.occupation_code
    JOIN cities c ON c.code = uc.city_code
    WHERE u.kind = 'profissional';
