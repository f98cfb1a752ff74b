ALTER TABLE `posts` ADD `message_id` text;--> statement-breakpoint
CREATE INDEX `posts_message_idx` ON `posts` (`message_id`);