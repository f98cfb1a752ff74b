import { Alert, Badge, Box, Button, Card, Container, Dialog, Flex, Heading, HStack, IconButton, Link, List, Portal, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import useSWR from "swr";
import type { SocialAccount } from "../../../schema/api/social";
import { useAuth } from "../../app/auth-context";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import type { AccountChoice } from "../../../schema/api/social";
import { AccountChoiceDialog } from "./account-choice-dialog";
import { accountsKey, broadcastAccounts, chooseAccount, completeOAuth, connectWithAppPassword, disconnectAccount, redirectTo, startOAuth } from "./api";
import { ConnectFields, missingFields, type ConnectValues } from "./connect-fields";
import { PLATFORM_CARDS, SocialIcon, type CardPlatform, type PlatformCard } from "./platforms";

const CALLBACK_RE = new RegExp(`^/auth/(${PLATFORM_CARDS.filter((c) => c.oauth).map((c) => c.id).join("|")})/callback/?$`);
const nameOf = (id: string) => PLATFORM_CARDS.find((p) => p.id === id)?.name ?? id;

/** /social-connect, also rendered at /auth/<platform>/callback to finish the OAuth flow. */
export default function SocialConnectPage() {
  const { project, loading, projectLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const key = project ? accountsKey(project.id) : null;
  const { data: accounts, isLoading, mutate } = useSWR<SocialAccount[]>(key);
  const [authInProgress, setAuthInProgress] = useState(false);
  const [guide, setGuide] = useState<PlatformCard | null>(null);
  const [starting, setStarting] = useState(false);
  const [pendingDisconnect, setPendingDisconnect] = useState<SocialAccount | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const handledCallback = useRef<string | null>(null);
  // Networks that ask for input (Bluesky's app password, Mastodon's server) and Facebook's Page choice.
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

  const startFlow = async (card: PlatformCard) => {
    if (authInProgress) return notify.info("Authentication in progress...");
    if (loading || projectLoading) return notify.info("Loading project data...");
    if (card.connect === "placeholder") return notify.info(`${card.name} OAuth flow would start here`);
    if (!project) return notify.error("No project selected");
    const missing = missingFields(card.connectFields, values);
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setStarting(true);
    try {
      if (card.connect === "app-password") {
        await connectWithAppPassword(card.id, project.id, { identifier: values.identifier ?? "", password: values.password ?? "" });
        notify.success(`Successfully connected ${card.name} account!`);
        closeGuide();
        setStarting(false);
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
      } else notify.error(card.connect === "app-password" ? `Failed to connect ${card.name} account. Please try again.` : "Failed to start authentication process");
      setStarting(false);
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
                <Flex
                  as="li"
                  key={account.id}
                  data-account-row=""
                  align="center"
                  gap="3"
                  p="3"
                  borderWidth="1px"
                  borderRadius="md"
                  _hover={{ bg: "bg.muted" }}
                >
                  <SocialIcon platform={account.platform} />
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate>
                      {account.account_name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {nameOf(account.platform)} · Connected {new Date(account.created_at).toLocaleDateString()}
                    </Text>
                  </Box>
                  {account.token_status === "reconnect_needed" && <Badge colorPalette="orange">Reconnect needed</Badge>}
                  <IconButton
                    aria-label={`Disconnect ${account.account_name}`}
                    variant="ghost"
                    colorPalette="red"
                    size="sm"
                    onClick={() => setPendingDisconnect(account)}
                    // Shown on hover and on keyboard focus; always visible on touch screens (no hover).
                    css={{
                      "@media (hover: hover) and (pointer: fine)": { opacity: 0 },
                      "[data-account-row]:hover &, [data-account-row]:focus-within &, &:focus-visible": { opacity: 1 },
                      transition: "opacity 0.15s",
                    }}
                  >
                    <Trash2 />
                  </IconButton>
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
                      </Box>
                      <Button
                        colorPalette="brand"
                        variant={account && !needsReconnect ? "outline" : "solid"}
                        onClick={() => setGuide(card)}
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

        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Developer Setup Required</Alert.Title>
            <Alert.Description>
              Each platform only lets registered apps post on your behalf. Open a platform&apos;s setup guide to see how to create a developer
              app and which callback URL to use; without developer keys this app connects to its local platform sandbox instead.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>

        <Flex justify="space-between" gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Button colorPalette="brand" onClick={onContinue}>
            Continue to Dashboard
          </Button>
        </Flex>
      </Stack>

      <Dialog.Root open={!!guide} onOpenChange={(e) => !e.open && !starting && closeGuide()} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Connect {guide?.name}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <List.Root as="ol" listStyleType="decimal" ps="5" gap="2">
                    {guide?.setupGuide.map((step) => (
                      <List.Item key={step}>{step}</List.Item>
                    ))}
                  </List.Root>
                  {/* Bluesky and Mastodon need no developer app: the user's own account is enough. */}
                  {!guide?.connectFields.length && (
                    <Alert.Root status="warning" variant="subtle">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>Developer Account Required</Alert.Title>
                        <Alert.Description>You need a {guide?.name} developer account with an app to connect this platform.</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  <Link href={guide?.setupUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand" fontWeight="medium">
                    {guide?.connectFields.length ? `Open ${guide.name}` : "Open Developer Portal"} <ExternalLink size={14} />
                  </Link>
                  {guide && guide.connectFields.length > 0 && (
                    <ConnectFields
                      fields={guide.connectFields}
                      values={values}
                      errors={fieldErrors}
                      disabled={starting}
                      onChange={setValues}
                      onSubmit={() => void startFlow(guide)}
                    />
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={closeGuide} disabled={starting}>
                  Cancel
                </Button>
                <Button colorPalette="brand" onClick={() => guide && void startFlow(guide)} loading={starting} loadingText="Connecting...">
                  {accountFor(guide?.id ?? "twitter") && guide ? `Reconnect ${guide.name}` : `Connect ${guide?.name ?? ""}`}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <AccountChoiceDialog networkName={nameOf(choice?.platform ?? "")} choice={choice?.choice ?? null} onCancel={() => setChoice(null)} onChoose={pickAccount} />

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
          Disconnect {pendingDisconnect?.account_name} from {nameOf(pendingDisconnect?.platform ?? "")}? Its scheduled posts of this project will be
          deleted.
        </Text>
      </ConfirmDialog>
    </Container>
  );
}
