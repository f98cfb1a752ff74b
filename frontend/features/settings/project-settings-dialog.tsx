import { Button, Field, HStack, Heading, Input, Separator, Stack, Text } from "@chakra-ui/react";
import { AppDialog } from "../../components/ui/app-dialog";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { projectRenameSchema } from "../../../schema/api/projects";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { request } from "../../lib/api";
import { renameProject } from "../../lib/api/projects";
import AiEngineSection from "./ai-engine-section";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const IDS_MODIFIED = "Critical IDs were modified";
const DELETE_CONFIRMATION = "DELETE";

/** Settings: rename the current project, see the account email, delete the account. */
export default function ProjectSettingsDialog({ open, onOpenChange }: Props) {
  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      lazyMount
      unmountOnExit
      fullBelow="sm"
      scrollBehavior="inside"
      closeButton
      closeLabel="Close settings"
      title="Settings"
    >
      {/* Mounted on each open, so the form starts from the current project. */}
      <SettingsBody close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function SettingsBody({ close }: { close: () => void }) {
  const { project, user, setProject, endSession } = useAuth();
  const [name, setName] = useState(project?.name ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmText, setConfirmText] = useState("");
  const [deleting, setDeleting] = useState(false);

  const trimmed = name.trim();
  const unchanged = !!project && trimmed === project.name;

  const save = async (e?: FormEvent | KeyboardEvent) => {
    e?.preventDefault();
    if (!project || saving) return;
    const parsed = projectRenameSchema.safeParse({ name });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Project name cannot be empty";
      setNameError(message);
      notify.error(message);
      return;
    }
    if (unchanged) {
      close();
      return;
    }
    setSaving(true);
    try {
      const updated = await renameProject(project.id, parsed.data.name);
      // The id and the owner must come back exactly as they were (spec section 5).
      if (updated.id !== project.id || updated.user_id !== project.user_id) throw new Error(IDS_MODIFIED);
      setProject(updated);
      notify.success("Project settings updated successfully");
      close();
    } catch (err) {
      notify.error(
        err instanceof Error && err.message === IDS_MODIFIED ? "Error: Project IDs cannot be modified" : "Failed to update project name. Please try again.",
      );
    } finally {
      setSaving(false);
    }
  };

  const deleteAccount = async () => {
    if (confirmText !== DELETE_CONFIRMATION) return;
    setDeleting(true);
    try {
      await request<void>("/api/account", { method: "DELETE" });
      notify.success("Your account has been deleted");
      close();
      // The server ended the session: leave for the landing page (not /login, as a sign-out would).
      endSession("/");
    } catch {
      notify.error("Failed to delete account. Please try again.");
      setDeleting(false);
    }
  };

  return (
    <Stack gap="6" pb="4">
      <Stack as="section" gap="3" aria-labelledby="settings-project">
        <Heading as="h3" size="md" id="settings-project">
          Project Settings
        </Heading>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="3">
            <Field.Root invalid={!!nameError}>
              <Field.Label>Project Name</Field.Label>
              <Input
                value={name}
                maxLength={80}
                disabled={!project}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameError(null);
                }}
                onKeyDown={(e) => {
                  // Enter always answers, even while Save is disabled: blank explains, unchanged closes.
                  if (e.key === "Enter") void save(e);
                }}
              />
              <Field.ErrorText>{nameError}</Field.ErrorText>
            </Field.Root>
            <HStack justify="flex-end">
              <Button type="submit" colorPalette="brand" disabled={saving || !trimmed || unchanged || !project}>
                {saving ? "Saving..." : "Save"}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Stack>

      <Separator />

      <Stack as="section" gap="3" aria-labelledby="settings-profile">
        <Heading as="h3" size="md" id="settings-profile">
          User Profile
        </Heading>
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <HStack w="full">
            <Input value={user?.email ?? project?.user_email ?? ""} readOnly flex="1" />
            <Button variant="outline" onClick={() => notify.info("Email change coming soon")}>
              Change
            </Button>
          </HStack>
        </Field.Root>
      </Stack>

      <Separator />

      <AiEngineSection />

      <Separator />

      <Stack as="section" gap="3" aria-labelledby="settings-danger" borderWidth="1px" borderColor="red.200" rounded="md" p="4">
        <Heading as="h3" size="md" id="settings-danger" color="red.600">
          Danger zone
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Deleting your account permanently removes your projects, documents, brain content, posts and connected social accounts.
        </Text>
        {!confirming ? (
          <HStack>
            <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
              Delete Account
            </Button>
          </HStack>
        ) : (
          <Stack gap="3">
            <Field.Root>
              <Field.Label>Type {DELETE_CONFIRMATION} to confirm</Field.Label>
              <Input value={confirmText} autoComplete="off" onChange={(e) => setConfirmText(e.target.value)} />
            </Field.Root>
            <HStack justify="flex-end" flexWrap="wrap">
              <Button
                variant="ghost"
                onClick={() => {
                  setConfirming(false);
                  setConfirmText("");
                }}
                disabled={deleting}
              >
                Cancel
              </Button>
              <Button
                colorPalette="red"
                onClick={() => void deleteAccount()}
                disabled={confirmText !== DELETE_CONFIRMATION}
                loading={deleting}
                loadingText="Deleting..."
              >
                Delete my account
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
