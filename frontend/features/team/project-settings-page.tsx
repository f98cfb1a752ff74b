import { Button, Card, Checkbox, chakra, Field, Heading, HStack, Input, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { can } from "../../../schema/api/permissions";
import { BRAND_VOICES, INDUSTRIES, PROJECT_DELETE_MESSAGE, projectUpdateSchema, type Project } from "../../../schema/api/projects";
import { useAuth } from "../../lib/auth-context";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import { deleteProject, updateProject } from "../../lib/api/team";
import { PageLayout } from "../../components/ui/page-layout";

// Project settings (decision 200): the brand's name, industry, voice and description (what the writer
// follows), its colour (the brand card's background, decision 270), the approval settings (Owners) and deleting the project with its name typed again.
export default function ProjectSettingsPage() {
  const { project } = useAuth();
  if (!project) return <LoadingScreen />;
  // Remounted per project: switching brands starts the form from the new one.
  return <SettingsForms key={project.id} project={project} />;
}

type Fields = { name: string; industry: string; brand_voice: string; description: string; brand_color: string };

/** What the native colour picker shows while the field is empty (it cannot show "none"). */
const PICKER_FALLBACK = "#1a73e8";

function SettingsForms({ project }: { project: Project }) {
  const { setProject, reloadProjects } = useAuth();
  const navigate = useNavigate();
  const editable = can(project.role, "edit");
  const owner = can(project.role, "manage");
  const [fields, setFields] = useState<Fields>({
    name: project.name,
    industry: project.industry,
    brand_voice: project.brand_voice,
    description: project.description,
    // Empty: no brand colour, the card picks one from the name (decision 270).
    brand_color: project.brand_color ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [saving, setSaving] = useState(false);
  const [confirmName, setConfirmName] = useState("");
  const [deleting, setDeleting] = useState(false);
  const knownIndustry = INDUSTRIES.some((i) => i.value === fields.industry);

  const set = (k: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = projectUpdateSchema.safeParse({ ...fields, brand_color: fields.brand_color.trim() === "" ? null : fields.brand_color });
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      setProject(await updateProject(project.id, parsed.data));
      notify.success("Project settings updated successfully");
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) setErrors(err.fields);
      notify.error(err instanceof ApiRequestError ? err.message : "Failed to update project. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  const toggle = async (key: "approvals_required" | "owner_posts_need_review", value: boolean) => {
    try {
      setProject(await updateProject(project.id, { [key]: value }));
      notify.success("Project settings updated successfully");
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to update project. Please try again.");
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteProject(project.id, confirmName);
      notify.success(`${project.name} was deleted`);
      await reloadProjects();
      navigate("/dashboard");
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to delete the project");
      setDeleting(false);
    }
  };

  return (
    <PageLayout
      title="Project settings"
      gap="6"
      maxW="3xl"
      description={<Text color="fg.muted">What Brandpilot knows about {project.name}: every post and campaign follows it.</Text>}
    >
      <Card.Root>
        <Card.Body>
          <form onSubmit={(e) => void save(e)} noValidate aria-label="Brand">
            <Stack gap="4">
              <Field.Root invalid={!!errors.name} disabled={!editable}>
                <Field.Label>Project Name</Field.Label>
                <Input value={fields.name} maxLength={80} onChange={(e) => set("name")(e.target.value)} />
                <Field.ErrorText>{errors.name}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.industry} disabled={!editable}>
                <Field.Label>Industry</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={fields.industry} onChange={(e) => set("industry")(e.target.value)}>
                    {!knownIndustry ? <option value={fields.industry}>{fields.industry}</option> : null}
                    {INDUSTRIES.map((i) => (
                      <option key={i.value} value={i.value}>
                        {i.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errors.industry}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.brand_voice} disabled={!editable}>
                <Field.Label>Brand Voice</Field.Label>
                <Input value={fields.brand_voice} list="brand-voices" maxLength={200} onChange={(e) => set("brand_voice")(e.target.value)} />
                <datalist id="brand-voices">
                  {BRAND_VOICES.map((v) => (
                    <option key={v.value} value={v.label} />
                  ))}
                </datalist>
                <Field.HelperText>Pick one or describe it in your own words.</Field.HelperText>
                <Field.ErrorText>{errors.brand_voice}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.description} disabled={!editable}>
                <Field.Label>Description</Field.Label>
                <Textarea value={fields.description} rows={4} maxLength={5000} onChange={(e) => set("description")(e.target.value)} />
                <Field.ErrorText>{errors.description}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.brand_color} disabled={!editable}>
                <Field.Label>Brand Colour</Field.Label>
                <HStack gap="2">
                  {/* The native picker and the hex text edit the same value; the text is what is checked and saved. */}
                  <chakra.input
                    type="color"
                    aria-label="Pick the brand colour"
                    value={/^#[0-9a-f]{6}$/i.test(fields.brand_color.trim()) ? fields.brand_color.trim().toLowerCase() : PICKER_FALLBACK}
                    onChange={(e) => set("brand_color")(e.target.value.toUpperCase())}
                    disabled={!editable}
                    w="10"
                    h="10"
                    p="0.5"
                    borderWidth="1px"
                    rounded="md"
                    cursor={editable ? "pointer" : undefined}
                    flexShrink={0}
                  />
                  <Input
                    value={fields.brand_color}
                    placeholder="#1A73E8"
                    maxLength={7}
                    spellCheck={false}
                    autoComplete="off"
                    fontFamily="mono"
                    onChange={(e) => set("brand_color")(e.target.value)}
                  />
                  {fields.brand_color && editable ? (
                    <Button variant="ghost" size="sm" onClick={() => set("brand_color")("")}>
                      Clear
                    </Button>
                  ) : null}
                </HStack>
                <Field.HelperText>
                  The background of the image card Brandpilot draws for posts that need an image. Empty: chosen from the name.
                </Field.HelperText>
                <Field.ErrorText>{errors.brand_color}</Field.ErrorText>
              </Field.Root>
              {editable ? (
                <HStack justify="flex-end">
                  <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving...">
                    Save
                  </Button>
                </HStack>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Your role in this project can read these settings but not change them.
                </Text>
              )}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading as="h2" size="md">
              Approvals
            </Heading>
            <Checkbox.Root checked={project.approvals_required} disabled={!owner} onCheckedChange={(e) => void toggle("approvals_required", !!e.checked)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Posts need approval before they publish</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root
              checked={project.owner_posts_need_review}
              disabled={!owner || !project.approvals_required}
              onCheckedChange={(e) => void toggle("owner_posts_need_review", !!e.checked)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Owners' posts need review too</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted">
              When on, a post an Editor creates or changes is In review until an Owner or a Reviewer approves it.
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>

      {owner ? (
        <Card.Root borderColor="red.200">
          <Card.Body>
            <Stack gap="3">
              <Heading as="h2" size="md" color="red.600">
                Delete project
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Deletes {project.name} for everyone: its posts (scheduled ones are cancelled first), brain, connected accounts and images.
              </Text>
              <Field.Root>
                <Field.Label>
                  {PROJECT_DELETE_MESSAGE}: {project.name}
                </Field.Label>
                <Input value={confirmName} autoComplete="off" onChange={(e) => setConfirmName(e.target.value)} />
              </Field.Root>
              <HStack justify="flex-end">
                <Button
                  colorPalette="red"
                  disabled={confirmName.trim() !== project.name}
                  loading={deleting}
                  loadingText="Deleting..."
                  onClick={() => void remove()}
                >
                  Delete project
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
    </PageLayout>
  );
}
