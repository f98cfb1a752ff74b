import { Box, Button, HStack, Icon, List, Stack, Text } from "@chakra-ui/react";
import { FileText, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  MAX_WIZARD_DOCUMENTS,
  MAX_WIZARD_TOTAL_BYTES,
  documentTypeOf,
} from "../../../schema/api/projects";
import { useDropZone } from "../../components/ui/use-drop-zone";

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds the acceptable files to the list; returns the new list and one message per refused file. */
export function addDocuments(current: File[], incoming: File[]): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  for (const file of incoming) {
    if (!documentTypeOf(file.name)) errors.push(`${file.name}: ${DOCUMENT_MESSAGES.type}`);
    else if (file.size > MAX_DOCUMENT_BYTES) errors.push(DOCUMENT_MESSAGES.size(file.name));
    else if (file.size === 0) errors.push(DOCUMENT_MESSAGES.empty(file.name));
    else if (files.some((f) => sameFile(f, file))) continue;
    else if (files.length >= MAX_WIZARD_DOCUMENTS) errors.push(DOCUMENT_MESSAGES.count);
    else if (files.reduce((n, f) => n + f.size, file.size) > MAX_WIZARD_TOTAL_BYTES) errors.push(DOCUMENT_MESSAGES.total);
    else files.push(file);
  }
  return { files, errors: [...new Set(errors)] };
}

/** Problems with the documents (ours or the server's), one line each, announced as they appear. */
export function ErrorList({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Stack role="alert" gap="1">
      {messages.map((msg) => (
        <Text key={msg} color="fg.error" fontSize="sm">
          {msg}
        </Text>
      ))}
    </Stack>
  );
}

type Props = { files: File[]; onChange: (files: File[]) => void; disabled?: boolean };

/** Drag-and-drop or click to add brand documents (PDF, DOC, DOCX, TXT); each can be removed before submit. */
export function DocumentPicker({ files, onChange, disabled }: Props) {
  const [errors, setErrors] = useState<string[]>([]);

  const add = (incoming: File[]) => {
    const result = addDocuments(files, incoming);
    setErrors(result.errors);
    onChange(result.files);
  };
  const { inputRef, dragging, zoneProps } = useDropZone(add, disabled);

  return (
    <Stack gap="4">
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label="Add brand documents"
        aria-disabled={disabled}
        {...zoneProps}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? "brand.500" : "border.emphasized"}
        bg={dragging ? "brand.subtle" : "bg"}
        rounded="lg"
        p={{ base: "6", md: "10" }}
        textAlign="center"
        cursor={disabled ? "not-allowed" : "pointer"}
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.500" }}
      >
        <Icon as={Upload} boxSize="8" color="brand.500" mb="2" />
        <Text fontWeight="medium">Drag & drop files here, or click to select</Text>
        <Text fontSize="sm" color="fg.muted">
          Supported formats: PDF, DOC, DOCX, TXT (max 10 MB each)
        </Text>
      </Box>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        aria-label="Brand documents"
        hidden
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <ErrorList messages={errors} />
      {files.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No documents added yet. Documents are optional.
        </Text>
      ) : (
        <List.Root listStyle="none" gap="2" aria-label="Selected documents">
          {files.map((file, i) => (
            <List.Item key={`${file.name}-${file.size}-${file.lastModified}`}>
              <HStack borderWidth="1px" rounded="md" px="3" py="2" gap="3" bg="bg">
                <Icon as={FileText} color="fg.muted" />
                <Box flex="1" minW="0">
                  <Text truncate>{file.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatBytes(file.size)}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                >
                  <Trash2 />
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
