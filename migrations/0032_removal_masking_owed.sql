-- A reviewer's "mask names" decision is owed until its stored masking ran (decisions/0071): a
-- request 'mascarada' whose masked_at is null is the record, and the cron's sweep masks it. Rows
-- decided before this column (masked by the older path, on their own pages only) are owed too, so
-- the sweep gives them the stored masking every surface reads.
ALTER TABLE `removal_requests` ADD `masked_at` integer;
