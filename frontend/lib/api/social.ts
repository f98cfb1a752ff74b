import type { AccountChoice, SocialAccount } from "../../../schema/api/social";
import { request } from "../api";

export const accountsKey = (projectId: string) => `/api/projects/${projectId}/social-accounts`;

/** Which networks this server can connect now (decision 206). */
export const NETWORKS_KEY = "/api/social-networks";

export const startOAuth = (platform: string, projectId: string, instance?: string) =>
  request<{ url: string }>(
    `/api/oauth/${platform}/start?projectId=${encodeURIComponent(projectId)}${instance ? `&instance=${encodeURIComponent(instance)}` : ""}`,
  );

/** Finishes a redirect flow: the account, or (a choice connect) the accounts to choose from. */
export const completeOAuth = (platform: string, query: { code?: string; state?: string; error?: string }) =>
  request<SocialAccount | AccountChoice>(`/api/oauth/${platform}/callback`, { method: "POST", body: JSON.stringify(query) });

export const chooseAccount = (platform: string, choice: string, optionId: string) =>
  request<SocialAccount>(`/api/oauth/${platform}/choose`, { method: "POST", body: JSON.stringify({ choice, option_id: optionId }) });

/** Networks that sign in with a handle and an app password (connect kind app-password). */
export const connectWithAppPassword = (platform: string, projectId: string, values: { identifier: string; password: string }) =>
  request<SocialAccount>(`/api/projects/${encodeURIComponent(projectId)}/social-accounts/${platform}`, { method: "POST", body: JSON.stringify(values) });

export const disconnectAccount = (accountId: string) => request<{ ok: true }>(`/api/social-accounts/${accountId}`, { method: "DELETE" });

/** Spec: after a connect or disconnect, "socialAccountsUpdated" carries the project's accounts. */
export function broadcastAccounts(accounts: SocialAccount[]) {
  window.dispatchEvent(new CustomEvent("socialAccountsUpdated", { detail: accounts }));
}

/** Leaves the SPA for the provider's authorize page (a separate function so tests can observe it). */
export function redirectTo(url: string) {
  window.location.assign(url);
}
