ALTER TABLE `brain_documents` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `brain_documents_status_idx` ON `brain_documents` (`status`,`updated_at`);