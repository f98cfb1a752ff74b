import { z } from "zod";
import type { Role } from "./permissions";

// Texts are the spec's (docs/product-spec.md section 5).
export const INDUSTRIES = [
  { value: "technology", label: "Technology" },
  { value: "ecommerce", label: "E-commerce" },
  { value: "healthcare", label: "Healthcare" },
  { value: "education", label: "Education" },
  { value: "finance", label: "Finance" },
  // Added for decision 200: the trades agencies run most often.
  { value: "hospitality", label: "Hospitality" },
  { value: "retail", label: "Retail" },
  { value: "fitness", label: "Fitness & Wellness" },
  { value: "professional_services", label: "Professional Services" },
  { value: "nonprofit", label: "Nonprofit" },
  { value: "other", label: "Other" },
] as const;

export const BRAND_VOICES = [
  { value: "professional", label: "Professional & Formal" },
  { value: "casual", label: "Casual & Friendly" },
  { value: "playful", label: "Playful & Fun" },
  { value: "luxury", label: "Luxury & Sophisticated" },
  { value: "technical", label: "Technical & Precise" },
] as const;

export const DEFAULT_PROJECT = {
  name: "My First Project",
  industry: "Technology",
  brand_voice: "Professional & Friendly",
  description: "Getting started with my social media management",
  has_seen_onboarding: false,
} as const;

/** The default project as sign-up made it, not yet described by its user (first run, decision 200). */
export function isUntouchedDefault(p: { name: string; description: string; industry: string }): boolean {
  return p.name === DEFAULT_PROJECT.name && p.description === DEFAULT_PROJECT.description && p.industry === DEFAULT_PROJECT.industry;
}

export const projectDetailsSchema = z.object({
  name: z.string().trim().min(2, "Project name must be at least 2 characters").max(50, "Project name must be less than 50 characters"),
  industry: z.string().trim().min(2, "Please select an industry").max(100, "Please select an industry"),
  brand_voice: z.string().trim().min(2, "Please describe your brand voice").max(200, "Please describe your brand voice"),
  description: z.string().trim().min(10, "Please provide a brief description").max(5000, "Description must be at most 5000 characters"),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const projectRenameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Project name cannot be empty")
    .max(50, "Project name must be less than 50 characters")
    .refine((v) => !UUID_RE.test(v), "Project name cannot be in UUID format"),
});

const BRAND_COLOR_MESSAGE = "Brand colour must be a hex colour like #1A73E8";
/** The brand's colour (decision 270): "#rrggbb", or null to let the card choose from the name. */
const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BRAND_COLOR_MESSAGE)
  .transform((v) => v.toUpperCase())
  .nullable();

/**
 * Project settings (PATCH /api/projects/:id): any of the brand's fields, each with the wizard's or
 * the settings dialog's rule and text; the approval settings are the Owner's (decision 200).
 */
export const projectUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Project name cannot be empty")
      .min(2, "Project name must be at least 2 characters")
      .max(50, "Project name must be less than 50 characters")
      .refine((v) => !UUID_RE.test(v), "Project name cannot be in UUID format"),
    industry: projectDetailsSchema.shape.industry,
    brand_voice: projectDetailsSchema.shape.brand_voice,
    description: projectDetailsSchema.shape.description,
    approvals_required: z.boolean(),
    owner_posts_need_review: z.boolean(),
    brand_color: brandColorSchema,
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to update");
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** Deleting a project: its name typed again, exactly. */
export const PROJECT_DELETE_MESSAGE = "Type the project name to confirm";
export const projectDeleteSchema = z.object({ name: z.string().max(200) });

export const onboardingSchema = z.object({ has_seen_onboarding: z.boolean() });

const DOCUMENT_TYPES = ["pdf", "doc", "docx", "txt"] as const;
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.txt";
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** At most this many documents in one wizard submission. */
export const MAX_WIZARD_DOCUMENTS = 10;
/** All documents of one submission together (a Worker has 128 MB of memory). */
export const MAX_WIZARD_TOTAL_BYTES = 25 * 1024 * 1024;

export const DOCUMENT_MESSAGES = {
  type: "Only PDF, DOC, DOCX and TXT files are allowed",
  size: (name: string) => `${name} is larger than 10 MB`,
  empty: (name: string) => `${name} is empty`,
  content: (name: string, type: DocumentType) => `${name} is not a valid ${type.toUpperCase()} file`,
  unpacked: (name: string) => `${name} unpacks to too much data (a DOCX may hold at most 64 MB uncompressed)`,
  count: `At most ${MAX_WIZARD_DOCUMENTS} documents can be added`,
  total: "Documents can be at most 25 MB in total",
} as const;

/** The document type named by a file's extension, or null when it is not one we accept. */
export function documentTypeOf(fileName: string): DocumentType | null {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (DOCUMENT_TYPES as readonly string[]).includes(ext) ? (ext as DocumentType) : null;
}

export type Project = {
  id: string;
  user_id: string;
  name: string;
  industry: string;
  brand_voice: string;
  description: string;
  has_seen_onboarding: boolean;
  user_email: string;
  created_at: number;
  /** The caller's role in this project (schema/api/permissions.ts). */
  role: Role;
  /** "#RRGGBB" or null (decision 270). */
  brand_color: string | null;
  approvals_required: boolean;
  owner_posts_need_review: boolean;
};

export type ProjectDocument = { id: string; project_id: string; name: string; file_url: string; file_type: string; file_size: number };

/** Progress flags of a project (header dots): at least one brain document / social account / post. */
export type ProjectProgress = { brain: boolean; social: boolean; posts: boolean };
