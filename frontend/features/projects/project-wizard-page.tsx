import { Box, Button, Card, Container, Field, HStack, Heading, Input, List, Stack, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { BRAND_VOICES, INDUSTRIES, isUntouchedDefault, projectDetailsSchema, type ProjectDetails } from "../../../schema/api/projects";
import { updateProject } from "../../lib/api/team";
import { uploadDocument } from "../../lib/api/brain";
import { useAuth } from "../../lib/auth-context";
import { OptionSelect } from "../../components/ui/option-select";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import { createProject } from "../../lib/api/projects";
import { DocumentPicker, ErrorList, formatBytes } from "./document-picker";

const WIZARD_STEPS = ["Project Details", "Brand Documents", "Review"] as const;
const DETAIL_FIELDS = ["name", "industry", "brand_voice", "description"] as const;
const LAST = WIZARD_STEPS.length - 1;

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

function StepIndicator({ step }: { step: number }) {
  return (
    <HStack as="ol" gap={{ base: "2", md: "4" }} listStyleType="none" aria-label="Progress" flexWrap="wrap">
      {WIZARD_STEPS.map((title, i) => (
        <HStack as="li" key={title} gap="2" aria-current={i === step ? "step" : undefined}>
          <Box
            w="7"
            h="7"
            rounded="full"
            display="grid"
            placeItems="center"
            fontSize="sm"
            fontWeight="bold"
            bg={i <= step ? "brand.solid" : "bg.muted"}
            color={i <= step ? "brand.contrast" : "fg.muted"}
          >
            {i + 1}
          </Box>
          <Text fontSize="sm" fontWeight={i === step ? "semibold" : "normal"} color={i === step ? "fg" : "fg.muted"}>
            {title}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

/** /onboarding: three steps (details, documents, review); "Create Project" submits on the last. */
export default function ProjectWizardPage() {
  const navigate = useNavigate();
  const { reloadProjects, setProject, switchProject, project } = useAuth();
  const [params] = useSearchParams();
  // First run (decision 200): the wizard describes the default project instead of making a second one;
  // "New project" in the switcher (?new=1) creates one.
  const editing = !params.has("new") && project && isUntouchedDefault(project) ? project : null;
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const {
    register,
    trigger,
    getValues,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProjectDetails>({
    resolver: zodResolver(projectDetailsSchema),
    mode: "onTouched",
    defaultValues: { name: "", industry: "", brand_voice: "", description: "" },
  });

  const next = async () => {
    if (step === 0 && !(await trigger(DETAIL_FIELDS))) return;
    setStep((s) => Math.min(s + 1, LAST));
  };
  const back = () => setStep((s) => Math.max(s - 1, 0));

  const submit = handleSubmit(
    async (details) => {
      setSubmitting(true);
      setServerErrors([]);
      try {
        if (editing) {
          setProject(await updateProject(editing.id, details));
          // Its documents feed the brain, as the wizard's do for a new project.
          for (const file of files) await uploadDocument(editing.id, file);
          notify.success("Project settings updated successfully");
          navigate("/social-connect");
          return;
        }
        const created = await createProject(details, files);
        notify.success("Project created successfully!");
        await reloadProjects();
        setProject(created);
        switchProject(created.id);
        navigate("/social-connect");
      } catch (err) {
        notify.error("Something went wrong. Please try again.");
        // Keep everything the user entered; show what the server refused.
        if (err instanceof ApiRequestError && err.fields) {
          let detailsRefused = false;
          for (const key of DETAIL_FIELDS) {
            const message = err.fields[key];
            if (message) {
              setError(key, { message });
              detailsRefused = true;
            }
          }
          setServerErrors(
            Object.entries(err.fields)
              .filter(([k]) => k.startsWith("documents"))
              .map(([, m]) => m),
          );
          if (detailsRefused) setStep(0);
        }
      } finally {
        setSubmitting(false);
      }
    },
    () => setStep(0),
  );

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step < LAST) void next();
    else void submit();
  };

  const values = getValues();

  return (
    <Container maxW="2xl" py={{ base: "6", md: "12" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Create Your Project
          </Heading>
          <Text color="fg.muted">Tell us about your brand so the AI can write like you.</Text>
        </Stack>
        <StepIndicator step={step} />
        <Card.Root asChild>
          <form onSubmit={onFormSubmit} noValidate>
            <Card.Header>
              <Heading as="h2" size="lg">
                {WIZARD_STEPS[step]}
              </Heading>
            </Card.Header>
            <Card.Body>
              {/* The details stay mounted (hidden) so nothing typed is lost when moving between steps. */}
              <Stack gap="5" hidden={step !== 0} display={step === 0 ? "flex" : "none"}>
                <Field.Root invalid={!!errors.name} required>
                  <Field.Label>Project Name</Field.Label>
                  <Input placeholder="e.g. Acme Coffee" autoComplete="off" {...register("name")} />
                  <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.industry} required>
                  <Field.Label>Industry</Field.Label>
                  <OptionSelect placeholder="Select an industry" options={INDUSTRIES} {...register("industry")} />
                  <Field.ErrorText>{errors.industry?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.brand_voice} required>
                  <Field.Label>Brand Voice</Field.Label>
                  <OptionSelect placeholder="Select a brand voice" options={BRAND_VOICES} {...register("brand_voice")} />
                  <Field.ErrorText>{errors.brand_voice?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.description} required>
                  <Field.Label>Description</Field.Label>
                  <Textarea rows={4} placeholder="What does your brand do, and for whom?" {...register("description")} />
                  <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
                </Field.Root>
              </Stack>

              {step === 1 && (
                <Stack gap="3">
                  <Text color="fg.muted">Add brand guidelines, product sheets or past posts. They help the AI learn your voice.</Text>
                  <DocumentPicker files={files} onChange={setFiles} disabled={submitting} />
                </Stack>
              )}

              {step === 2 && (
                <Stack gap="5">
                  <Stack as="dl" gap="3">
                    {[
                      ["Project Name", values.name],
                      ["Industry", labelOf(INDUSTRIES, values.industry)],
                      ["Brand Voice", labelOf(BRAND_VOICES, values.brand_voice)],
                      ["Description", values.description],
                    ].map(([label, value]) => (
                      <Stack key={label} direction={{ base: "column", sm: "row" }} gap={{ base: "0", sm: "4" }}>
                        <Text as="dt" color="fg.muted" minW="32" fontSize="sm">
                          {label}
                        </Text>
                        <Text as="dd" whiteSpace="pre-wrap" wordBreak="break-word">
                          {value}
                        </Text>
                      </Stack>
                    ))}
                  </Stack>
                  <Stack gap="2">
                    <Text fontWeight="semibold">Documents ({files.length})</Text>
                    {files.length === 0 ? (
                      <Text color="fg.muted" fontSize="sm">
                        No documents added
                      </Text>
                    ) : (
                      <List.Root ps="5" gap="1" aria-label="Documents to upload">
                        {files.map((f) => (
                          <List.Item key={`${f.name}-${f.size}-${f.lastModified}`}>
                            {f.name}{" "}
                            <Text as="span" color="fg.muted" fontSize="sm">
                              ({formatBytes(f.size)})
                            </Text>
                          </List.Item>
                        ))}
                      </List.Root>
                    )}
                  </Stack>
                  <ErrorList messages={serverErrors} />
                </Stack>
              )}
            </Card.Body>
            <Card.Footer justifyContent="space-between" gap="3">
              <Button type="button" variant="outline" onClick={back} disabled={step === 0 || submitting}>
                Back
              </Button>
              {/* Buttons are type="button" and keyed: a re-render mid-click must never submit. */}
              {step < LAST ? (
                <Button key="next" type="button" colorPalette="brand" onClick={() => void next()}>
                  Next
                </Button>
              ) : (
                <Button key="create" type="button" colorPalette="brand" onClick={() => void submit()} loading={submitting} loadingText="Creating...">
                  Create Project
                </Button>
              )}
            </Card.Footer>
          </form>
        </Card.Root>
      </Stack>
    </Container>
  );
}
