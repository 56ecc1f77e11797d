import { Button, Group, Input, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../reviews-texts';
import { PhotosNotSaved, type ReviewDraft, useSaveReview } from '../api/reviews.api';
import { type KeptPhoto, ReviewPhotoPicker } from './review-photo-picker';

export const COMMENT_MAX = 2000;

type ReviewFormModalProps = {
  product: { _id: string; name: string };
  /** The shopper's review being edited; a new one when absent. */
  review?: { _id: string; rating: number; comment: string; photos?: KeptPhoto[] };
  onClose: () => void;
};

/** Writing or editing a review: stars 1 to 5 (required), a comment and up to five photos. */
export function ReviewFormModal({ product, review, onClose }: ReviewFormModalProps) {
  const { t } = useTranslation('reviews');
  const [draft, setDraft] = useState<ReviewDraft>({
    rating: review?.rating ?? 0,
    comment: review?.comment ?? '',
  });
  const [kept, setKept] = useState<KeptPhoto[]>(review?.photos ?? []);
  const [added, setAdded] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const save = useSaveReview({ saved: t(review ? 'form.updated' : 'form.thanks'), failed: t('form.failed') });
  const ratingMissing = draft.rating < 1;
  const tooLong = draft.comment.length > COMMENT_MAX;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ratingMissing || tooLong) return;
    const remove = (review?.photos ?? [])
      .filter((photo) => !kept.some((stays) => stays._id === photo._id))
      .map((photo) => photo._id);
    save.mutate(
      {
        productId: product._id,
        ...(review ? { reviewId: review._id } : {}),
        draft,
        photos: { add: added, remove },
      },
      {
        onSuccess: onClose,
        // Saved without every photo: My Reviews shows what was kept, and Edit adds the rest.
        onError: (error) => {
          if (error instanceof PhotosNotSaved) onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(review ? 'form.editTitle' : 'form.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fw={600}>{product.name}</Text>
          <Input.Wrapper
            label={t('form.rating')}
            withAsterisk
            error={tried && ratingMissing ? t('form.ratingRequired') : undefined}
          >
            <Rating
              value={draft.rating}
              onChange={(rating) => setDraft((current) => ({ ...current, rating }))}
              size="lg"
              aria-label={t('form.rating')}
              getSymbolLabel={(value) => t('stars', { count: value })}
            />
          </Input.Wrapper>
          <Textarea
            label={t('form.comment')}
            placeholder={t('form.commentPlaceholder')}
            rows={4}
            value={draft.comment}
            onChange={(event) => {
              const comment = event.currentTarget.value;
              setDraft((current) => ({ ...current, comment }));
            }}
            error={tried && tooLong ? t('form.tooLong', { max: COMMENT_MAX }) : undefined}
          />
          <ReviewPhotoPicker
            kept={kept}
            onRemoveKept={(photo) => setKept((current) => current.filter((other) => other._id !== photo._id))}
            added={added}
            onChangeAdded={setAdded}
            disabled={save.isPending}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(review ? 'form.saveChanges' : 'form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
