import { Alert, Button, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import useSWR from "swr";
import { isPlatformId, networkName, platformMeta } from "../../../platforms/registry";
import { browserTimeZone, dateInZone } from "../../../schema/api/campaign-schedule";
import type { SocialAccount } from "../../../schema/api/social";
import { notify } from "../ui/toaster";
import { fetcher } from "../../lib/api";
import { formatDay } from "../../lib/calendar-dates";
import { accountsKey, redirectTo, startOAuth } from "../../lib/api/social";

/**
 * "Reconnect <network> by <date>" for each of the project's accounts whose token cannot be renewed
 * and expires within a week (decision 196). The date is the account's own expiry as the Worker
 * reports it (`reconnect_by`, null otherwise), so nothing shows for an account that renews itself
 * or is far from expiring, and nothing at all while the list loads or when it fails.
 */
export function ReconnectNotices({ projectId }: { projectId: string }) {
  const { data } = useSWR<SocialAccount[]>(accountsKey(projectId), fetcher, { shouldRetryOnError: false });
  const due = (data ?? []).filter((a): a is SocialAccount & { reconnect_by: number } => a.reconnect_by != null).sort((a, b) => a.reconnect_by - b.reconnect_by);
  if (due.length === 0) return null;
  return (
    <Stack gap="2" role="region" aria-label="Accounts to reconnect">
      {due.map((a) => (
        <ReconnectNotice key={a.id} account={a} projectId={projectId} />
      ))}
    </Stack>
  );
}

function ReconnectNotice({ account, projectId }: { account: SocialAccount & { reconnect_by: number }; projectId: string }) {
  const [busy, setBusy] = useState(false);
  const name = networkName(account.platform);
  const day = formatDay(dateInZone(account.reconnect_by, browserTimeZone()), "long");
  // A network that reconnects with a plain redirect goes straight to its consent page; the others
  // (a server or a password to type) go through the Social Accounts screen.
  const direct = isPlatformId(account.platform) && platformMeta(account.platform).connect === "oauth";
  const reconnect = async () => {
    setBusy(true);
    try {
      const { url } = await startOAuth(account.platform, projectId);
      redirectTo(url);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : `Could not reconnect ${name}`);
      setBusy(false);
    }
  };
  return (
    <Alert.Root status="warning" variant="subtle" data-testid="reconnect-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Reconnect {name} by {day}
        </Alert.Title>
        <Alert.Description>
          {name} does not let Brandpilot renew the access for {account.account_name}. Scheduled posts stop publishing after that day until you reconnect.
        </Alert.Description>
      </Alert.Content>
      {direct ? (
        <Button size="sm" colorPalette="orange" alignSelf="center" flexShrink={0} loading={busy} onClick={() => void reconnect()}>
          Reconnect
        </Button>
      ) : (
        <Button asChild size="sm" colorPalette="orange" alignSelf="center" flexShrink={0}>
          <RouterLink to="/social-connect">Reconnect</RouterLink>
        </Button>
      )}
    </Alert.Root>
  );
}
