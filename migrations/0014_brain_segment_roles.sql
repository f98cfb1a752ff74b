ALTER TABLE `brain_segments` ADD `role` text;--> statement-breakpoint
ALTER TABLE `brain_segments` ADD `role_source` text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE `brain_segments` ADD `questions` text;