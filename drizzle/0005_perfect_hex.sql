ALTER TABLE `campaigns` ADD `paced_until` integer;--> statement-breakpoint
CREATE INDEX `enrollments_campaign_status_idx` ON `enrollments` (`campaign_id`,`status`);