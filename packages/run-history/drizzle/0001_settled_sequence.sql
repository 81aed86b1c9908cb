CREATE TABLE `run_store_counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `runs` ADD `settled_sequence` integer;--> statement-breakpoint
-- Backfill: every run already settled gets a distinct number (its rowid, so > 0); the counter starts above them.
UPDATE `runs` SET `settled_sequence` = `rowid` WHERE `status` <> 'running';--> statement-breakpoint
INSERT INTO `run_store_counters` (`name`, `value`) VALUES
	('settled', (SELECT coalesce(max(`settled_sequence`), 0) FROM `runs`)),
	('deleted', 0);--> statement-breakpoint
-- Triggers, not application code, number settled runs and count deletions, so a process of an older
-- version writing to this file keeps both current.
CREATE TRIGGER `runs_settled_sequence` AFTER UPDATE OF `status` ON `runs`
WHEN old.`status` = 'running' AND new.`status` <> 'running'
BEGIN
	UPDATE `run_store_counters` SET `value` = `value` + 1 WHERE `name` = 'settled';
	UPDATE `runs` SET `settled_sequence` = (SELECT `value` FROM `run_store_counters` WHERE `name` = 'settled')
		WHERE `run_id` = new.`run_id`;
END;--> statement-breakpoint
CREATE TRIGGER `runs_settled_sequence_on_insert` AFTER INSERT ON `runs`
WHEN new.`status` <> 'running'
BEGIN
	UPDATE `run_store_counters` SET `value` = `value` + 1 WHERE `name` = 'settled';
	UPDATE `runs` SET `settled_sequence` = (SELECT `value` FROM `run_store_counters` WHERE `name` = 'settled')
		WHERE `run_id` = new.`run_id`;
END;--> statement-breakpoint
CREATE TRIGGER `runs_deleted_count` AFTER DELETE ON `runs`
BEGIN
	UPDATE `run_store_counters` SET `value` = `value` + 1 WHERE `name` = 'deleted';
END;--> statement-breakpoint
CREATE INDEX `runs_logical_conversation_settled` ON `runs` (`logical_conversation_id`,`settled_sequence`,`run_id`);--> statement-breakpoint
CREATE INDEX `runs_conversation_settled` ON `runs` (`conversation_id`,`settled_sequence`,`run_id`);
