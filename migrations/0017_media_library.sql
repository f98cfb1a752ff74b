ALTER TABLE `media` ADD `alt_text` text;--> statement-breakpoint
ALTER TABLE `media` ADD `kind` text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
-- Existing rows (decision 287): a network's converted copy is keyed "<original key>.<network>….jpg"
-- (worker/services/publishing/media-prepare.ts); the brand card and the model's image by their file names.
UPDATE `media` SET `kind` = 'copy' WHERE EXISTS (SELECT 1 FROM `media` o WHERE o.`project_id` = `media`.`project_id` AND o.`r2_key` <> `media`.`r2_key` AND substr(`media`.`r2_key`, 1, length(o.`r2_key`) + 1) = o.`r2_key` || '.');--> statement-breakpoint
UPDATE `media` SET `kind` = 'card' WHERE `kind` = 'upload' AND `file_name` = 'brand-card.png';--> statement-breakpoint
UPDATE `media` SET `kind` = 'ai' WHERE `kind` = 'upload' AND `file_name` LIKE 'ai-image.%';
