import { Button, CloseButton, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { EVIDENCE_ACCEPT, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES } from '../schemas/dispute-form.schema';

/** The same file picked twice is attached once. */
function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

type EvidencePickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
};

/** Photos or PDFs backing the dispute; they are uploaded when the dispute is submitted. */
export function EvidencePicker({ files, onChange, disabled = false }: EvidencePickerProps) {
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const room = MAX_EVIDENCE_FILES - files.length;

  const add = (picked: File[]) => {
    const chosen = new Set(files.map(fileKey));
    // The server refuses a file above its limit; saying so now spares the shopper a failed submit.
    const large = picked.find((file) => file.size > MAX_EVIDENCE_BYTES);
    setTooLarge(large ? `${large.name}: The file is larger than 10 MB.` : null);
    const fresh = picked.filter((file) => file.size <= MAX_EVIDENCE_BYTES && !chosen.has(fileKey(file)));
    onChange([...files, ...fresh].slice(0, MAX_EVIDENCE_FILES));
  };

  return (
    <Input.Wrapper
      label="Evidence"
      description={`Photos (PNG, JPG, GIF, WebP) or PDF documents, up to ${MAX_EVIDENCE_FILES} files of 10 MB each.`}
      error={tooLarge}
    >
      <Stack gap="xs" mt={4}>
        {files.length > 0 && (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Evidence files">
            {files.map((file) => (
              <Group component="li" key={fileKey(file)} gap="xs">
                {file.type === 'application/pdf' ? <IconFileTypePdf size={18} /> : <IconPhoto size={18} />}
                <Text size="sm" flex={1} truncate>
                  {file.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((other) => other !== file))}
                />
              </Group>
            ))}
          </Stack>
        )}
        <FileButton multiple accept={EVIDENCE_ACCEPT} onChange={add} disabled={disabled || room <= 0}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} />}
              disabled={disabled || room <= 0}
              w="fit-content"
            >
              Attach Files
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
