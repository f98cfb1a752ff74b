import { Badge, Button, Card, Field, Heading, HStack, Input, NativeSelect, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { can, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "../../../schema/api/permissions";
import { inviteSchema, TEAM_MESSAGES, type Team } from "../../../schema/api/team";
import type { ActivityEntry } from "../../../schema/api/activity";
import { useAuth } from "../../lib/auth-context";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher } from "../../lib/api";
import { changeRole, invite, removeMember, resendInvitation, revokeInvitation } from "../../lib/api/team";
import { PageLayout } from "../../components/ui/page-layout";

const dateTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function RoleSelect({ value, onChange, label, disabled }: { value: Role; onChange: (r: Role) => void; label: string; disabled?: boolean }) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled} maxW="40">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

// Settings -> Team (decision 200): members with their role, invitations, role changes, removal.
export default function TeamPage() {
  const { project, reloadProjects } = useAuth();
  const path = project ? `/api/projects/${encodeURIComponent(project.id)}/members` : null;
  const { data, error, mutate, isLoading } = useSWR<Team>(path, fetcher, { shouldRetryOnError: false });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!project) return <LoadingScreen />;
  const owner = can(project.role, "manage");

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify.success(done);
      await mutate();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Something went wrong. Please try again.");
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = inviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.email);
      return;
    }
    setSending(true);
    try {
      await invite(project.id, parsed.data.email, parsed.data.role);
      notify.success(TEAM_MESSAGES.invited(parsed.data.email));
      setEmail("");
      await mutate();
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields?.email) setEmailError(err.fields.email);
      notify.error(err instanceof Error ? err.message : "Failed to send the invitation");
    } finally {
      setSending(false);
    }
  };

  return (
    <PageLayout title="Team" gap="6" description={<Text color="fg.muted">Who works on {project.name}, and what each of them may do.</Text>}>
      {owner ? (
        <Card.Root>
          <Card.Body>
            <form onSubmit={(e) => void send(e)} noValidate aria-label="Invite member">
              <Stack gap="3">
                <Heading as="h2" size="md">
                  Invite member
                </Heading>
                <Stack direction={{ base: "column", sm: "row" }} align={{ sm: "flex-start" }} gap="3">
                  <Field.Root invalid={!!emailError} flex="1">
                    <Field.Label>Email</Field.Label>
                    <Input
                      type="email"
                      value={email}
                      autoComplete="off"
                      onChange={(e) => {
                        setEmail(e.target.value);
                        setEmailError(null);
                      }}
                    />
                    <Field.ErrorText>{emailError}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root w={{ base: "full", sm: "40" }}>
                    <Field.Label>Role</Field.Label>
                    <RoleSelect value={role} onChange={setRole} label="Role" />
                  </Field.Root>
                  <Button type="submit" colorPalette="brand" mt={{ sm: "6" }} loading={sending} loadingText="Sending..." disabled={!email.trim()}>
                    Invite member
                  </Button>
                </Stack>
                <Text fontSize="sm" color="fg.muted">
                  {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}. The link works once and expires in 7 days.
                </Text>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      ) : null}

      {isLoading ? (
        <HStack>
          <Spinner size="sm" /> <Text>Loading...</Text>
        </HStack>
      ) : error || !data ? (
        <Text color="fg.error">Failed to load the team. Please try again.</Text>
      ) : (
        <>
          <Stack gap="2">
            <Heading as="h2" size="md">
              Members
            </Heading>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Email</Table.ColumnHeader>
                    <Table.ColumnHeader>Role</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.members.map((m) => (
                    <Table.Row key={m.user_id} data-testid="member-row">
                      <Table.Cell>
                        {m.email} {m.you ? <Badge size="sm">You</Badge> : null}
                      </Table.Cell>
                      <Table.Cell>
                        {owner ? (
                          <RoleSelect
                            value={m.role}
                            label={`Role of ${m.email}`}
                            onChange={(r) =>
                              void act(async () => {
                                await changeRole(project.id, m.user_id, r);
                                if (m.you) await reloadProjects();
                              }, "Role changed")
                            }
                          />
                        ) : (
                          ROLE_LABELS[m.role]
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {owner || m.you ? (
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            onClick={() =>
                              void act(
                                async () => {
                                  await removeMember(project.id, m.user_id);
                                  if (m.you) await reloadProjects();
                                },
                                m.you ? "You left the project" : `${m.email} was removed`,
                              )
                            }
                          >
                            {m.you ? "Leave" : "Remove"}
                          </Button>
                        ) : null}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>

          <Stack gap="2">
            <Heading as="h2" size="md">
              Pending invitations
            </Heading>
            {data.invitations.length === 0 ? (
              <Text color="fg.muted">No pending invitations</Text>
            ) : (
              data.invitations.map((i) => (
                <HStack key={i.id} borderWidth="1px" rounded="md" p="3" flexWrap="wrap" data-testid="invitation-row">
                  <Stack gap="0" flex="1" minW="0">
                    <Text truncate>{i.email}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {ROLE_LABELS[i.role]} · expires {dateTime(i.expires_at)}
                    </Text>
                  </Stack>
                  {owner ? (
                    <HStack>
                      <Button size="xs" variant="outline" onClick={() => void act(() => resendInvitation(project.id, i.id), `Invitation sent to ${i.email}`)}>
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => void act(() => revokeInvitation(project.id, i.id), "Invitation revoked")}
                      >
                        Revoke
                      </Button>
                    </HStack>
                  ) : null}
                </HStack>
              ))
            )}
          </Stack>
        </>
      )}
    </PageLayout>
  );
}

// Settings -> Activity (decision 200): who did what, newest first, 90 days.
export function ActivityPage() {
  const { project } = useAuth();
  const path = project ? `/api/projects/${encodeURIComponent(project.id)}/activity` : null;
  const { data, error, isLoading } = useSWR<ActivityEntry[]>(path, fetcher, { shouldRetryOnError: false });
  if (!project) return <LoadingScreen />;
  return (
    <PageLayout title="Activity" gap="4">
      {isLoading ? (
        <HStack>
          <Spinner size="sm" /> <Text>Loading...</Text>
        </HStack>
      ) : error || !data ? (
        <Text color="fg.error">Failed to load the activity. Please try again.</Text>
      ) : data.length === 0 ? (
        <Text color="fg.muted">Nothing has happened in this project in the last 90 days.</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {data.map((a) => (
            <HStack as="li" key={a.id} justify="space-between" borderBottomWidth="1px" py="2" gap="3" flexWrap="wrap">
              <Text>
                <Text as="span" fontWeight="medium">
                  {a.actor}
                </Text>{" "}
                {a.action} {a.subject}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {dateTime(a.at)}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </PageLayout>
  );
}
