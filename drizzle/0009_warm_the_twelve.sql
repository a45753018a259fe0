DROP INDEX `inbound_messages_from_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_from_domain_idx`;--> statement-breakpoint
DROP INDEX `inbound_messages_state_idx`;--> statement-breakpoint
CREATE INDEX `inbound_messages_from_idx` ON `inbound_messages` (`workspace_id`,`from_key`,`received_at`) WHERE state = 'received';--> statement-breakpoint
CREATE INDEX `inbound_messages_from_domain_idx` ON `inbound_messages` (`workspace_id`,`from_domain`,`received_at`) WHERE state = 'received';--> statement-breakpoint
CREATE INDEX `inbound_messages_state_idx` ON `inbound_messages` (`state`,`received_at`) WHERE state = 'received';