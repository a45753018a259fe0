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
CREATE INDEX `inbound_messages_state_idx` ON `inbound_messages` (`state`,`received_at`) WHERE state = 'received';