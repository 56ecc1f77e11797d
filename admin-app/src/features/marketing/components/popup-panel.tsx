import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField, TextField } from '@shop/ui/form-fields';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useUpdatePopup } from '../api/marketing.mutations';
import { marketingQueries } from '../api/marketing.queries';
import { LANGUAGES } from '../schemas/localized';
import {
  type PopupFormBody,
  type PopupFormValues,
  popupFormSchema,
  popupFormValues,
} from '../schemas/popup-form.schema';
import type { PreviewLanguage } from './banner-preview';
import { LocalizedFields } from './localized-fields';
import { PictureField } from './picture-field';

const FIELDS: FieldPath<PopupFormValues>[] = ['title.en', 'imageUrl', 'link', 'everyDays'];

/** Popup: the storefront's one popup, shown to each visitor once every N days while it is on. */
export function PopupPanel() {
  const popup = useQuery(marketingQueries.popup());
  if (popup.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(popup.error, 'The popup could not be loaded.')}
      </Alert>
    );
  }
  if (popup.isPending) return <Text c="dimmed">Loading the popup…</Text>;
  return <PopupForm key={popup.data.data.updatedAt} popup={popup.data.data} />;
}

function PopupForm({ popup }: { popup: Schemas['PopupSettings'] }) {
  const save = useUpdatePopup();
  const [serverError, setServerError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<PopupFormBody | null>(null);
  const { control, handleSubmit, setError } = useForm<PopupFormValues, unknown, PopupFormBody>({
    resolver: zodResolver(popupFormSchema),
    defaultValues: popupFormValues(popup),
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await save.mutateAsync({ body });
      toast.success(answer.message ?? 'Popup saved.');
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'The popup could not be saved.'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Storefront popup">
        <Stack gap="sm">
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            Shown once to each visitor, then again after the number of days below; the visitor can close it.
            Last saved {formatDate(popup.updatedAt)}.
          </Text>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label="Show the popup on the storefront"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <LocalizedFields control={control} name="title" label="Title" />
          <LocalizedFields control={control} name="text" label="Text" multiline />
          <PictureField control={control} name="imageUrl" label="Picture" />
          <TextField
            control={control}
            name="link"
            label="Link"
            description="Its button leads here: a storefront path such as /register, or an http(s) address. Empty: no button."
          />
          <NumberField
            control={control}
            name="everyDays"
            label="Show again after (days)"
            min={1}
            max={365}
            allowDecimal={false}
            maw={240}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              // Checked as Save checks it, so the preview shows what would be saved.
              onClick={() => void handleSubmit((body) => setPreviewing(body))()}
            >
              Preview
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save popup
            </Button>
          </Group>
        </Stack>
      </form>
      <PopupPreview popup={previewing} onClose={() => setPreviewing(null)} />
    </Paper>
  );
}

/** The popup as shoppers see it, in the language chosen here (English where that language is empty). */
function PopupPreview({ popup, onClose }: { popup: PopupFormBody | null; onClose: () => void }) {
  const [language, setLanguage] = useState<PreviewLanguage>('en');
  const pick = (text: Schemas['LocalizedText']) => text[language]?.trim() || text.en;
  const title = popup ? pick(popup.title) : '';
  return (
    <Modal opened={popup !== null} onClose={onClose} title={`Preview: ${title || 'popup'}`} centered>
      {popup ? (
        <Stack gap="md">
          <SegmentedControl
            size="xs"
            aria-label="Preview language"
            value={language}
            onChange={(value) => setLanguage(value as PreviewLanguage)}
            data={LANGUAGES.map(({ code, label }) => ({ value: code, label }))}
          />
          <Text fw={600}>{title}</Text>
          {popup.imageUrl ? <Image src={popup.imageUrl} alt="" radius="sm" mah={240} fit="cover" /> : null}
          {pick(popup.text) ? <Text>{pick(popup.text)}</Text> : null}
          {popup.link ? (
            <Text size="sm" c="dimmed">
              Button “Learn more” leads to {popup.link}
            </Text>
          ) : null}
          {!popup.enabled ? (
            <Alert color="yellow">
              The popup is switched off: shoppers do not see it until it is on and saved.
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
