CREATE TABLE `message_bodies` (
	`message_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`html` text,
	`text` text
);
--> statement-breakpoint
DROP INDEX `inbound_messages_kind_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_message_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_person_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_from_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_from_domain_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_thread_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_campaign_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_classification_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_state_idx`;--> statement-breakpoint
CREATE INDEX `inbound_messages_kind_idx` ON `inbound_messages` (`workspace_id`,`kind`,`id`) WHERE kind IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_message_idx` ON `inbound_messages` (`workspace_id`,`message_id`,`id`) WHERE message_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_person_idx` ON `inbound_messages` (`workspace_id`,`person_id`,`id`) WHERE person_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_from_idx` ON `inbound_messages` (`workspace_id`,`from_key`,`received_at`) WHERE state = 'received';--> statement-breakpoint
CREATE INDEX `inbound_messages_from_domain_idx` ON `inbound_messages` (`workspace_id`,`from_domain`,`received_at`) WHERE state = 'received';--> statement-breakpoint
CREATE INDEX `inbound_messages_thread_idx` ON `inbound_messages` (`workspace_id`,`thread_id`,`id`) WHERE thread_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_campaign_idx` ON `inbound_messages` (`workspace_id`,`campaign_id`,`id`) WHERE campaign_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_classification_idx` ON `inbound_messages` (`workspace_id`,`classification`,`id`) WHERE classification IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inbound_messages_state_idx` ON `inbound_messages` (`state`,`received_at`) WHERE state = 'received';--> statement-breakpoint
DROP INDEX `messages_campaign_idx`;--> statement-breakpoint
DROP INDEX `messages_due_idx`;--> statement-breakpoint
DROP INDEX `messages_unsubscribe_idx`;--> statement-breakpoint
DROP INDEX `messages_enrollment_idx`;--> statement-breakpoint
DROP INDEX `messages_step_idx`;--> statement-breakpoint
CREATE INDEX `messages_campaign_idx` ON `messages` (`workspace_id`,`campaign_id`,`id`) WHERE campaign_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_due_idx` ON `messages` (`status`,`due_at`) WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX `messages_unsubscribe_idx` ON `messages` (`unsubscribe_token`) WHERE unsubscribe_token IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_enrollment_idx` ON `messages` (`enrollment_id`) WHERE enrollment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_step_idx` ON `messages` (`step_id`,`created_at`) WHERE step_id IS NOT NULL;--> statement-breakpoint
INSERT INTO `message_bodies` (`message_id`, `workspace_id`, `html`, `text`) SELECT `id`, `workspace_id`, `html`, `text` FROM `messages`;--> statement-breakpoint
ALTER TABLE `messages` DROP COLUMN `html`;--> statement-breakpoint
ALTER TABLE `messages` DROP COLUMN `text`;