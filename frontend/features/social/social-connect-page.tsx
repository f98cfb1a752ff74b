import { Alert, Badge, Box, Button, Card, Container, Flex, Heading, HStack, IconButton, Link, List, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { AppDialog } from "../../components/ui/app-dialog";
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import useSWR from "swr";
import { can } from "../../../schema/api/permissions";
import type { SocialAccount } from "../../../schema/api/social";
import type { NetworkAvailability } from "../../../schema/api/social-responses";
import { useAuth } from "../../lib/auth-context";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import type { AccountChoice } from "../../../schema/api/social";
import { AccountChoiceDialog } from "./account-choice-dialog";
import {
  accountsKey,
  NETWORKS_KEY,
  broadcastAccounts,
  chooseAccount,
  completeOAuth,
  connectWithAppPassword,
  disconnectAccount,
  redirectTo,
  startOAuth,
} from "../../lib/api/social";
import { ConnectFields, missingFields, type ConnectValues } from "./connect-fields";
import { PLATFORM_CARDS, SocialIcon, type CardPlatform, type PlatformCard } from "./platforms";

const CALLBACK_RE = new RegExp(
  `^/auth/(${PLATFORM_CARDS.filter((c) => c.oauth)
    .map((c) => c.id)
    .join("|")})/callback/?$`,
);
/** A network's name in messages (`shortName`); its cards and lists say `displayName` (decision 207). */
const nameOf = (id: string) => PLATFORM_CARDS.find((p) => p.id === id)?.shortName ?? id;

/**
 * /social-connect, also rendered at /auth/<platform>/callback to finish the OAuth flow.
 *
 * Connect is one click for a marketer (decision 206): a network this server can connect goes
 * straight to its consent page (or, for an app-password or instance network, asks only for what
 * the user must type). The developer setup guide is a task for whoever runs the deployment: only the project's
 * Owner sees it, and only for a network that is not configured; anyone else is told to ask their
 * administrator.
 */
export default function SocialConnectPage() {
  const { user, project, loading, projectLoading } = useAuth();
  // The project's Owners (decision 200), an invited one as much as its creator.
  const isOwner = !!user && can(project?.role, "manage");
  const { data: availability } = useSWR<NetworkAvailability>(NETWORKS_KEY);
  const configured = (id: string) => availability?.networks.find((n) => n.id === id)?.configured;
  const anyUnconfigured = !!availability?.networks.some((n) => !n.configured);
  const location = useLocation();
  const navigate = useNavigate();
  const key = project ? accountsKey(project.id) : null;
  const { data: accounts, isLoading, mutate } = useSWR<SocialAccount[]>(key);
  const [authInProgress, setAuthInProgress] = useState(false);
  const [guide, setGuide] = useState<PlatformCard | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [pendingDisconnect, setPendingDisconnect] = useState<SocialAccount | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const handledCallback = useRef<string | null>(null);
  // Networks that ask for input (an app password, a server) and a connect that ends with a choice.
  const [values, setValues] = useState<ConnectValues>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<{ platform: string; choice: AccountChoice } | null>(null);

  const reload = useCallback(async () => {
    const list = await mutate();
    if (list) broadcastAccounts(list);
  }, [mutate]);

  // OAuth callback: the state is checked server-side (one-time, 10 minutes, bound to this user).
  useEffect(() => {
    const match = CALLBACK_RE.exec(location.pathname);
    if (!match || handledCallback.current === location.key) return;
    handledCallback.current = location.key;
    const platform = match[1]!;
    const name = nameOf(platform);
    const query = new URLSearchParams(location.search);
    const code = query.get("code") ?? undefined;
    const state = query.get("state") ?? undefined;
    const error = query.get("error") ?? undefined;
    setAuthInProgress(true);
    void (async () => {
      try {
        if (error) {
          notify.error("Authentication failed. Please try again.");
          // Consume the one-time state so it cannot be replayed.
          await completeOAuth(platform, { error, state }).catch(() => undefined);
        } else if (!code || !state) {
          notify.error("Failed to complete authentication");
        } else {
          try {
            const done = await completeOAuth(platform, { code, state });
            if ("choice" in done) setChoice({ platform, choice: done });
            else notify.success(`Successfully connected ${name} account!`);
          } catch {
            notify.error(`Failed to connect ${name} account. Please try again.`);
          }
        }
        await reload().catch(() => undefined);
      } finally {
        setAuthInProgress(false);
        navigate("/social-connect", { replace: true });
      }
    })();
  }, [location.pathname, location.search, location.key, navigate, reload]);

  /** The card's Connect / Reconnect button. */
  const onConnect = (card: PlatformCard) => {
    if (authInProgress) return notify.info("Authentication in progress...");
    if (loading || projectLoading || !availability) return notify.info("Loading project data...");
    if (!configured(card.id)) {
      if (isOwner) return setGuide(card);
      return notify.info(`${card.shortName} is not set up on this server yet. Ask your administrator to set it up.`);
    }
    // What the user must type (an app password, a server) is asked in the dialog.
    if (card.connectFields.length) return setGuide(card);
    void startFlow(card);
  };

  const startFlow = async (card: PlatformCard) => {
    if (authInProgress) return notify.info("Authentication in progress...");
    if (loading || projectLoading) return notify.info("Loading project data...");
    if (card.connect === "placeholder") return notify.info(`${card.name} OAuth flow would start here`);
    if (!project) return notify.error("No project selected");
    const missing = missingFields(card.connectFields, values);
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setStarting(card.id);
    try {
      if (card.connect === "app-password") {
        await connectWithAppPassword(card.id, project.id, { identifier: values.identifier ?? "", password: values.password ?? "" });
        notify.success(`Successfully connected ${card.name} account!`);
        closeGuide();
        setStarting(null);
        await reload().catch(() => undefined);
        return;
      }
      const { url } = await startOAuth(card.id, project.id, card.connect === "instance" ? values.instance : undefined);
      redirectTo(url);
    } catch (err) {
      // The network's or the server's own words for input the user can fix (wrong app password, unknown server).
      if (err instanceof ApiRequestError && (err.code === "invalid_input" || err.code === "connect_failed") && card.connectFields.length) {
        setFieldErrors(err.fields ?? {});
        notify.error(err.message);
      } else
        notify.error(card.connect === "app-password" ? `Failed to connect ${card.name} account. Please try again.` : "Failed to start authentication process");
      setStarting(null);
    }
  };

  const closeGuide = () => {
    setGuide(null);
    setValues({});
    setFieldErrors({});
  };

  const pickAccount = async (optionId: string) => {
    if (!choice) return;
    try {
      await chooseAccount(choice.platform, choice.choice.choice, optionId);
      notify.success(`Successfully connected ${nameOf(choice.platform)} account!`);
      setChoice(null);
      await reload().catch(() => undefined);
    } catch {
      notify.error(`Failed to connect ${nameOf(choice.platform)} account. Please try again.`);
    }
  };

  const confirmDisconnect = async () => {
    if (!pendingDisconnect) return;
    setDisconnecting(true);
    try {
      await disconnectAccount(pendingDisconnect.id);
      notify.success("Account disconnected successfully");
      setPendingDisconnect(null);
      await reload().catch(() => undefined);
    } catch {
      notify.error("Failed to disconnect account");
    } finally {
      setDisconnecting(false);
    }
  };

  const onContinue = () => {
    if (!accounts?.length) return notify.error("Please connect at least one social media platform");
    navigate("/dashboard");
  };

  const accountFor = (id: CardPlatform) => accounts?.find((a) => a.platform === id);

  return (
    <Container maxW="5xl" py={{ base: "4", md: "8" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <Flex align="center" gap="3">
          <IconButton aria-label="Back" variant="ghost" onClick={() => navigate(-1)}>
            <ArrowLeft />
          </IconButton>
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Connect Your Social Media
          </Heading>
        </Flex>

        {authInProgress && (
          <HStack role="status" aria-live="polite" gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>Authentication in progress...</Text>
          </HStack>
        )}
        {(loading || projectLoading) && !authInProgress && (
          <HStack role="status" gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>Loading project data...</Text>
          </HStack>
        )}

        <Stack as="section" aria-labelledby="connected-heading" gap="3">
          <Heading id="connected-heading" as="h2" size="md">
            Connected Accounts
          </Heading>
          {isLoading ? (
            <HStack color="fg.muted" role="status">
              <Spinner size="sm" />
              <Text>Loading...</Text>
            </HStack>
          ) : !accounts?.length ? (
            <Text color="fg.muted">No accounts connected yet</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none">
              {accounts.map((account) => (
                <Flex as="li" key={account.id} data-account-row="" align="center" gap="3" p="3" borderWidth="1px" borderRadius="md" _hover={{ bg: "bg.muted" }}>
                  <SocialIcon platform={account.platform} />
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate>
                      {account.account_name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {PLATFORM_CARDS.find((c) => c.id === account.platform)?.name ?? account.platform} · Connected{" "}
                      {new Date(account.created_at).toLocaleDateString()}
                    </Text>
                  </Box>
                  {account.token_status === "reconnect_needed" && <Badge colorPalette="orange">Reconnect needed</Badge>}
                  {/* Always visible (decision 205): a hover-only button cannot be found on a phone. */}
                  <Button
                    aria-label={`Disconnect ${account.account_name}`}
                    variant="outline"
                    colorPalette="red"
                    size="sm"
                    onClick={() => setPendingDisconnect(account)}
                  >
                    <Trash2 aria-hidden /> Disconnect
                  </Button>
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>

        <Stack as="section" aria-labelledby="platforms-heading" gap="3">
          <Heading id="platforms-heading" as="h2" size="md">
            Platforms
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {PLATFORM_CARDS.map((card) => {
              const account = accountFor(card.id);
              const needsReconnect = account?.token_status === "reconnect_needed";
              const status = needsReconnect ? "Reconnect needed" : account ? "Connected" : "Not connected";
              return (
                <Card.Root key={card.id} variant="outline" data-testid={`platform-${card.id}`}>
                  <Card.Body>
                    <Flex align="center" gap="3" wrap="wrap">
                      <SocialIcon platform={card.id} size={8} />
                      <Box flex="1" minW="0">
                        <Heading as="h3" size="sm">
                          {card.name}
                        </Heading>
                        <Badge colorPalette={needsReconnect ? "orange" : account ? "green" : "gray"} mt="1">
                          {status}
                        </Badge>
                        {availability && !configured(card.id) && !account && (
                          <Text fontSize="xs" color="fg.muted" mt="1">
                            {isOwner ? "Needs setting up on this server" : "Ask your administrator to set it up"}
                          </Text>
                        )}
                      </Box>
                      <Button
                        colorPalette="brand"
                        variant={account && !needsReconnect ? "outline" : "solid"}
                        onClick={() => onConnect(card)}
                        loading={starting === card.id}
                        // Until the server says which networks it can connect, a click could not choose.
                        disabled={!availability}
                        aria-label={`${account ? "Reconnect" : "Connect"} ${card.name}`}
                      >
                        {account ? "Reconnect" : "Connect"}
                      </Button>
                    </Flex>
                  </Card.Body>
                </Card.Root>
              );
            })}
          </SimpleGrid>
        </Stack>

        {/* For whoever runs the deployment, and only while a network still needs its keys. */}
        {isOwner && anyUnconfigured && (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Developer Setup Required</Alert.Title>
              <Alert.Description>
                Some networks are not set up on this Brandpilot server yet. Each network only lets registered apps post on a brand&apos;s behalf: whoever runs
                this deployment registers an app once (the network&apos;s setup guide says how), and then everyone connects in one click.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        <Flex justify="space-between" gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Button colorPalette="brand" onClick={onContinue}>
            Continue to Dashboard
          </Button>
        </Flex>
      </Stack>

      <AppDialog
        open={!!guide}
        onClose={closeGuide}
        busy={!!starting}
        scrollBehavior="inside"
        title={guide && !configured(guide.id) ? `Set up ${guide.name}` : `Connect ${guide?.name ?? ""}`}
        footer={
          <>
            <Button variant="outline" onClick={closeGuide} disabled={!!starting}>
              {guide && configured(guide.id) ? "Cancel" : "Close"}
            </Button>
            {guide && configured(guide.id) && (
              <Button colorPalette="brand" onClick={() => void startFlow(guide)} loading={!!starting} loadingText="Connecting...">
                {accountFor(guide.id) ? `Reconnect ${guide.name}` : `Connect ${guide.name}`}
              </Button>
            )}
          </>
        }
      >
        <Stack gap="4">
          <List.Root as="ol" listStyleType="decimal" ps="5" gap="2">
            {guide?.setupGuide
              .filter((step) => configured(guide.id) || !/^Click Connect below/.test(step))
              .map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
          </List.Root>
          {/* Only an Owner gets here for a network that is not configured: a task for the deployment. */}
          {guide && !configured(guide.id) && (
            <Alert.Root status="warning" variant="subtle">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Developer Account Required</Alert.Title>
                <Alert.Description>
                  {guide.name} is not set up on this Brandpilot server yet. Whoever runs this deployment needs a {guide.shortName} developer account with an
                  app, once; these steps are for them. After that, Connect goes straight to {guide.shortName}.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Link href={guide?.setupUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand" fontWeight="medium">
            {guide?.connectFields.length ? `Open ${guide.name}` : "Open Developer Portal"} <ExternalLink size={14} />
          </Link>
          {guide && configured(guide.id) && guide.connectFields.length > 0 && (
            <ConnectFields
              fields={guide.connectFields}
              values={values}
              errors={fieldErrors}
              disabled={!!starting}
              onChange={setValues}
              onSubmit={() => void startFlow(guide)}
            />
          )}
        </Stack>
      </AppDialog>

      <AccountChoiceDialog
        networkName={nameOf(choice?.platform ?? "")}
        choice={choice?.choice ?? null}
        onCancel={() => setChoice(null)}
        onChoose={pickAccount}
      />

      <ConfirmDialog
        open={!!pendingDisconnect}
        title="Disconnect account"
        confirmLabel="Disconnect"
        onCancel={() => setPendingDisconnect(null)}
        onConfirm={() => void confirmDisconnect()}
        busy={disconnecting}
        busyText="Disconnecting..."
      >
        <Text>
          Disconnect {pendingDisconnect?.account_name} from {nameOf(pendingDisconnect?.platform ?? "")}? Its scheduled posts of this project will be deleted.
        </Text>
      </ConfirmDialog>
    </Container>
  );
}
