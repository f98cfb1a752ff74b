import { Badge, Box, Button, Card, Field, Heading, HStack, IconButton, Input, Progress, Spinner, Stack, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { FileText, Globe, Trash2, Upload } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useForm } from "react-hook-form";
import useSWR, { useSWRConfig } from "swr";
import {
  BRAIN_FILE_ACCEPT,
  BRAIN_MAX_FILE_BYTES,
  brainTextDocumentSchema,
  type BrainDocumentDto,
  type BrainTextDocumentInput,
} from "../../../schema/api/brain";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher } from "../../lib/api";
import { addTextDocument, addUrlDocument, brainKeys, deleteDocument, fileProblem, isUnfinished, uploadDocument } from "../../lib/api/brain";

type UploadItem = { key: string; name: string; percent: number; error?: string; documentId?: string };
type Batch = { ids: Set<string>; failed: boolean; open: number };

let uploadSeq = 0;

const progressLabel = (d: Pick<BrainDocumentDto, "progress_done" | "progress_total">) =>
  d.progress_total > 0 ? `Processing... (${d.progress_done}/${d.progress_total})` : "Processing...";

function StatusLine({ doc }: { doc: BrainDocumentDto }) {
  if (doc.status === "queued")
    return (
      <Badge colorPalette="gray" alignSelf="flex-start">
        Queued
      </Badge>
    );
  if (doc.status === "ready")
    return (
      <Badge colorPalette="green" alignSelf="flex-start">
        Ready
      </Badge>
    );
  if (doc.status === "failed")
    return (
      <Stack gap="1">
        <Badge colorPalette="red" alignSelf="flex-start">
          Failed
        </Badge>
        {doc.error_message && (
          <Text color="red.600" fontSize="sm" _dark={{ color: "red.300" }}>
            {doc.error_message}
          </Text>
        )}
      </Stack>
    );
  const value = doc.progress_total > 0 ? Math.round((doc.progress_done / doc.progress_total) * 100) : null;
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {progressLabel(doc)}
      </Text>
      <Progress.Root value={value} size="xs" colorPalette="brand">
        <Progress.Track aria-label={`Processing ${doc.title}`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

export function FeedTab({ projectId }: { projectId: string }) {
  const { mutate: globalMutate } = useSWRConfig();
  const docsKey = brainKeys.documents(projectId);
  const {
    data: docs,
    error,
    isLoading,
    mutate,
  } = useSWR<BrainDocumentDto[]>(docsKey, fetcher, {
    // Poll while anything is still being processed.
    refreshInterval: (latest) => (latest?.some(isUnfinished) ? 1500 : 0),
  });

  // Documents whose outcome is announced with a toast: single ones, and upload batches.
  const singles = useRef(new Map<string, (ok: boolean) => void>());
  const batches = useRef<Batch[]>([]);
  const [textDocId, setTextDocId] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [url, setUrl] = useState("");
  const [scraping, setScraping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const form = useForm<BrainTextDocumentInput>({
    resolver: zodResolver(brainTextDocumentSchema),
    mode: "onTouched",
    defaultValues: { title: "", content: "" },
  });
  const title = form.watch("title");
  const content = form.watch("content");
  const textDoc = docs?.find((d) => d.id === textDocId) ?? null;
  const textBusy = form.formState.isSubmitting || (textDocId !== null && (!textDoc || isUnfinished(textDoc)));

  useEffect(() => {
    if (!docs) return;
    let changed = false;
    for (const d of docs) {
      if (isUnfinished(d)) continue;
      const ok = d.status === "ready";
      const single = singles.current.get(d.id);
      if (single) {
        singles.current.delete(d.id);
        single(ok);
        changed = true;
      }
      for (const b of batches.current) {
        if (b.ids.delete(d.id)) {
          b.open--;
          b.failed ||= !ok;
          changed = true;
        }
      }
    }
    batches.current = batches.current.filter((b) => {
      if (b.open > 0) return true;
      if (b.failed) notify.error("Failed to process documents");
      else notify.success("Documents added to brain successfully!");
      return false;
    });
    if (changed) void globalMutate(brainKeys.summary(projectId));
  }, [docs, globalMutate, projectId]);

  // The header's "Brain Content" dot is done once a document exists: refresh it when the list changes.
  const docCount = docs?.length ?? 0;
  useEffect(() => {
    if (docCount > 0) void globalMutate(`/api/projects/${projectId}/progress`);
  }, [docCount, globalMutate, projectId]);

  const watchSingle = (id: string, onDone?: () => void) => {
    singles.current.set(id, (ok) => {
      if (ok) notify.success("Document processed successfully!");
      else notify.error("Failed to process document");
      onDone?.();
    });
  };

  const onText = form.handleSubmit(async (values) => {
    try {
      const doc = await addTextDocument(projectId, values);
      setTextDocId(doc.id);
      watchSingle(doc.id, () => {
        setTextDocId(null);
        form.reset({ title: "", content: "" });
      });
      await mutate();
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields?.title) form.setError("title", { message: err.fields.title });
      else if (err instanceof ApiRequestError && err.fields?.content) form.setError("content", { message: err.fields.content });
      notify.error("Failed to process document");
    }
  });

  const onScrape = async () => {
    setScraping(true);
    try {
      const doc = await addUrlDocument(projectId, url.trim());
      watchSingle(doc.id);
      setUrl("");
      await mutate();
    } catch (err) {
      notify.error(err instanceof ApiRequestError && err.code === "invalid_input" ? err.message : "Failed to process document");
    } finally {
      setScraping(false);
    }
  };

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const items: UploadItem[] = files.map((f) => ({
      key: `u${++uploadSeq}`,
      name: f.name,
      percent: 0,
      error: fileProblem(f, BRAIN_MAX_FILE_BYTES) ?? undefined,
    }));
    setUploads((prev) => [...items, ...prev]);
    const update = (key: string, patch: Partial<UploadItem>) => setUploads((prev) => prev.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    const batch: Batch = { ids: new Set(), failed: false, open: 0 };
    await Promise.all(
      files.map(async (file, i) => {
        const item = items[i]!;
        if (item.error) {
          batch.failed = true;
          return;
        }
        try {
          const doc = await uploadDocument(projectId, file, (percent) => update(item.key, { percent }));
          update(item.key, { percent: 100, documentId: doc.id });
          batch.ids.add(doc.id);
          batch.open++;
        } catch (err) {
          update(item.key, { error: err instanceof ApiRequestError ? err.message : "Please try again" });
          batch.failed = true;
        }
      }),
    );
    if (batch.open === 0) notify.error("Failed to process documents");
    else batches.current.push(batch);
    await mutate();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void onFiles(Array.from(e.dataTransfer.files));
  };

  const onDelete = async (doc: BrainDocumentDto) => {
    try {
      await deleteDocument(projectId, doc.id);
      await mutate((list) => list?.filter((d) => d.id !== doc.id), { revalidate: true });
      void globalMutate(brainKeys.summary(projectId));
    } catch {
      notify.error("Failed to delete document");
    }
  };

  const uploadDoc = (item: UploadItem) => (item.documentId ? docs?.find((d) => d.id === item.documentId) : undefined);

  return (
    <Stack gap="6">
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h3" size="md">
            Upload Documents
          </Heading>
          <Box
            role="button"
            tabIndex={0}
            aria-label="Upload documents: drag and drop files here, or press Enter to choose"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? "brand.500" : "border"}
            bg={dragging ? "brand.50" : undefined}
            _dark={{ bg: dragging ? "whiteAlpha.100" : undefined }}
            borderRadius="lg"
            p={{ base: "5", md: "8" }}
            textAlign="center"
            cursor="pointer"
            onClick={() => fileInput.current?.click()}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                fileInput.current?.click();
              }
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Stack align="center" gap="2">
              <Upload aria-hidden />
              <Text>Drag & drop files here, or click to select</Text>
              <Text color="fg.muted" fontSize="sm">
                PDF, DOC, DOCX, TXT (max 10 MB)
              </Text>
            </Stack>
            <input
              ref={fileInput}
              type="file"
              hidden
              multiple
              accept={BRAIN_FILE_ACCEPT}
              data-testid="brain-file-input"
              onChange={(e) => {
                void onFiles(Array.from(e.target.files ?? []));
                e.target.value = "";
              }}
            />
          </Box>
          {uploads.length > 0 && (
            <Stack gap="2" aria-label="Uploads">
              {uploads.map((item) => {
                const doc = uploadDoc(item);
                return (
                  <Box key={item.key} borderWidth="1px" borderRadius="md" p="2">
                    <HStack justify="space-between" gap="2">
                      <Text fontSize="sm" truncate>
                        {item.name}
                      </Text>
                      <Text fontSize="xs" color={item.error ? "red.600" : "fg.muted"} flexShrink={0}>
                        {item.error
                          ? "Failed"
                          : doc
                            ? doc.status === "ready"
                              ? "Ready"
                              : doc.status === "failed"
                                ? "Failed"
                                : progressLabel(doc)
                            : item.percent < 100
                              ? `Uploading... ${item.percent}%`
                              : "Processing..."}
                      </Text>
                    </HStack>
                    {item.error ? (
                      <Text fontSize="sm" color="red.600" _dark={{ color: "red.300" }}>
                        {item.error}
                      </Text>
                    ) : (
                      <Progress.Root value={item.percent} size="xs" colorPalette="brand" mt="1">
                        <Progress.Track aria-label={`Upload progress of ${item.name}`}>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                    )}
                  </Box>
                );
              })}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline">
        <Card.Body asChild gap="3">
          <form onSubmit={onText} noValidate>
            <Heading as="h3" size="md">
              Write Content
            </Heading>
            <Field.Root invalid={!!form.formState.errors.title}>
              <Field.Label>Document Title</Field.Label>
              <Input {...form.register("title")} placeholder="e.g. Brand story" />
              <Field.ErrorText>{form.formState.errors.title?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!form.formState.errors.content}>
              <Field.Label>Content</Field.Label>
              <Textarea {...form.register("content")} rows={8} placeholder="Paste or write brand content: mission, audience, products, voice..." />
              <Field.ErrorText>{form.formState.errors.content?.message}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!title.trim() || !content.trim() || textBusy}>
              <FileText aria-hidden />
              {textBusy ? (textDoc ? progressLabel(textDoc) : "Processing...") : "Process Content"}
            </Button>
          </form>
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline">
        <Card.Body asChild gap="3">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (url.trim() && !scraping) void onScrape();
            }}
          >
            <Heading as="h3" size="md">
              Add a Web Page
            </Heading>
            <Field.Root>
              <Field.Label>Page URL</Field.Label>
              <Stack direction={{ base: "column", sm: "row" }} gap="2" w="full">
                <Input type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/about" />
                <Button type="submit" variant="outline" disabled={!url.trim() || scraping} flexShrink={0}>
                  <Globe aria-hidden />
                  {scraping ? "Fetching..." : "Scrape Page"}
                </Button>
              </Stack>
            </Field.Root>
          </form>
        </Card.Body>
      </Card.Root>

      <Stack gap="3">
        <Heading as="h3" size="md">
          Documents
        </Heading>
        {error ? (
          <Text color="red.600">Failed to load documents</Text>
        ) : isLoading || !docs ? (
          <HStack gap="2">
            <Spinner size="sm" />
            <Text color="fg.muted">Loading documents...</Text>
          </HStack>
        ) : docs.length === 0 ? (
          <Text color="fg.muted">No documents yet. Upload a file, write content or add a web page to feed your brain.</Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none" aria-label="Brain documents">
            {docs.map((doc) => (
              <Box as="li" key={doc.id} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Stack gap="1" minW="0" flex="1">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold" truncate>
                        {doc.title}
                      </Text>
                      <Badge variant="outline" size="sm">
                        {doc.type === "scrape" ? "Web page" : "Document"}
                      </Badge>
                    </HStack>
                    {doc.source_name && (
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {doc.source_name}
                      </Text>
                    )}
                    <StatusLine doc={doc} />
                  </Stack>
                  <IconButton aria-label={`Delete ${doc.title}`} variant="ghost" size="sm" onClick={() => void onDelete(doc)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
