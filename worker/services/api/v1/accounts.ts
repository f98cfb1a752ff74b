// Resources as v1 answers them: RFC 3339 times (the app's screens use epoch numbers), no fields
// that only the screens need, and an account token's health under a name an integrator understands.
import type { SocialAccount } from "../../../../schema/api/social";
import type { V1BrainDocument, V1Project, V1SocialAccount } from "../../../../schema/api/v1";
import type { Project } from "../../../../schema/api/projects";
import type { BrainDocumentDto } from "../../../../schema/api/brain";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toV1Account(a: SocialAccount): V1SocialAccount {
  return {
    id: a.id,
    platform: a.platform,
    account_name: a.account_name,
    username: a.username,
    health: a.token_status,
    created_at: new Date(a.created_at).toISOString(),
    token_expires_at: iso(a.expires_at),
    last_refresh: iso(a.last_refresh),
  };
}

export function toV1Project(p: Project): V1Project {
  return {
    id: p.id,
    name: p.name,
    industry: p.industry,
    brand_voice: p.brand_voice,
    description: p.description,
    role: p.role,
    approvals_required: p.approvals_required,
    brand_color: p.brand_color,
    owner_posts_need_review: p.owner_posts_need_review,
    created_at: new Date(p.created_at).toISOString(),
  };
}

export function toV1BrainDocument(d: BrainDocumentDto): V1BrainDocument {
  return { ...d, created_at: new Date(d.created_at).toISOString() };
}
