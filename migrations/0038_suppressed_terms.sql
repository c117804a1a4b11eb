-- Names a masking hid (decisions/0089), as hashes: a search term holding one is never counted nor
-- suggested again, and the popular terms already holding one are deleted by the masking itself.
CREATE TABLE `suppressed_terms` (
	`hash` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The same codes, a new walk (decisions/0064's way of changing the list): it masks the cases of
-- the matérias whose text names a minor, and suppresses the names every stored masking hid.
INSERT INTO `sensitive_list_versions` (`version`, `note`) SELECT coalesce(max(`version`), 0) + 1, 'Mesma lista; nova passada: o processo de uma matéria que nomeia um menor passa a ser sensível, e os nomes mascarados saem das buscas populares (decisions/0089)' FROM `sensitive_list_versions`;
