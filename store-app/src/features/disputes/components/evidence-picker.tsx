import { Button, CloseButton, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
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
  const { t } = useTranslation('disputes');
  const { number } = useLocaleFormat();
  const [tooLarge, setTooLarge] = useState<File | null>(null);
  const room = MAX_EVIDENCE_FILES - files.length;

  const add = (picked: File[]) => {
    const chosen = new Set(files.map(fileKey));
    // The server refuses a file above its limit; saying so now spares the shopper a failed submit.
    const large = picked.find((file) => file.size > MAX_EVIDENCE_BYTES);
    setTooLarge(large ?? null);
    const fresh = picked.filter((file) => file.size <= MAX_EVIDENCE_BYTES && !chosen.has(fileKey(file)));
    onChange([...files, ...fresh].slice(0, MAX_EVIDENCE_FILES));
  };

  return (
    <Input.Wrapper
      label={t('evidence.title')}
      description={t('evidence.description', { max: number(MAX_EVIDENCE_FILES) })}
      error={tooLarge && t('evidence.tooLarge', { name: tooLarge.name })}
    >
      <Stack gap="xs" mt={4}>
        {files.length > 0 && (
          <Stack
            component="ul"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('evidence.files')}
          >
            {files.map((file) => (
              <Group component="li" key={fileKey(file)} gap="xs">
                {file.type === 'application/pdf' ? <IconFileTypePdf size={18} /> : <IconPhoto size={18} />}
                <Text size="sm" flex={1} truncate>
                  {file.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('evidence.remove', { name: file.name })}
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
              {t('evidence.attach')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
