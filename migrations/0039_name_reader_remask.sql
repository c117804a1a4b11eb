-- decisions/0090: the name reader no longer takes a legal phrase in capitals ("HABEAS CORPUS",
-- "ESTUPRO DE VULNERÁVEL", "DIVÓRCIO LITIGIOSO") for a person. The list's codes do not change;
-- its new version makes the re-mask job (`npm run remask`, the cron's `remask` step) walk every
-- stored lawsuit, matéria and decision once more, and a text masked automatically is masked
-- again from the original it keeps, so the initials the old reader wrote ("H. C. E. V.") go.
INSERT INTO `sensitive_list_versions` (`version`, `note`) SELECT coalesce(max(`version`), 0) + 1, 'Mesma lista; o leitor de nomes deixou de ler frases jurídicas em maiúsculas como nomes (decisions/0090)' FROM `sensitive_list_versions`;
