import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { RichTextField } from '@shop/ui/rich-text-field';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useCreateBlogPost, useUpdateBlogPost } from '../api/marketing.mutations';
import { marketingQueries } from '../api/marketing.queries';
import {
  type BlogPostFormBody,
  type BlogPostFormValues,
  blogPostFormSchema,
  blogPostFormValues,
} from '../schemas/blog-post-form.schema';
import { PictureField } from './picture-field';

type Post = Schemas['AdminBlogPostSummary'];

const FIELDS = Object.keys(blogPostFormSchema.shape) as FieldPath<BlogPostFormValues>[];

type BlogPostFormModalProps = {
  /** `new` opens Write post; a post opens Edit post (its body is read first); null closes the form. */
  editing: Post | 'new' | null;
  onClose: () => void;
};

/** Write post and Edit post, one form; the server sanitises the body and answers its field errors. */
export function BlogPostFormModal({ editing, onClose }: BlogPostFormModalProps) {
  const post = editing === 'new' ? null : editing;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={post ? 'Edit post' : 'Write post'} size="xl">
      {editing === 'new' ? <BlogPostForm post={null} onDone={onClose} /> : null}
      {post ? <EditPost key={post.id} id={post.id} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditPost({ id, onDone }: { id: string; onDone: () => void }) {
  const post = useQuery(marketingQueries.post(id));
  if (post.isPending) return <Text c="dimmed">Loading the post…</Text>;
  if (post.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(post.error, 'The post could not be loaded.')}
      </Alert>
    );
  }
  return <BlogPostForm post={post.data.data} onDone={onDone} />;
}

function BlogPostForm({ post, onDone }: { post: Schemas['AdminBlogPost'] | null; onDone: () => void }) {
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const [serverError, setServerError] = useState<string | null>(null);
  const [view, setView] = useState<'write' | 'html' | 'preview'>('write');
  const { control, handleSubmit, setError, setValue } = useForm<
    BlogPostFormValues,
    unknown,
    BlogPostFormBody
  >({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: blogPostFormValues(post),
  });
  const bodyHtml = useWatch({ control, name: 'bodyHtml' });

  const save = (status: BlogPostFormBody['status']) =>
    handleSubmit(async (values) => {
      setServerError(null);
      const body = { ...values, status };
      try {
        const answer = post
          ? await update.mutateAsync({ params: { path: { id: post.id } }, body })
          : await create.mutateAsync({ body });
        toast.success(
          status === 'published'
            ? `${answer.data.title} is published.`
            : `${answer.data.title} saved as a draft.`,
        );
        onDone();
      } catch (error) {
        applyServerFieldErrors(error, FIELDS, setError);
        setServerError(errorMessage(error, 'The post could not be saved.'));
      }
    })();

  const busy = create.isPending || update.isPending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(post?.status ?? 'draft');
      }}
      noValidate
      aria-label={post ? 'Edit post' : 'Write post'}
    >
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField control={control} name="title" label="Title" required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="slug"
            label="Address"
            description="The post's address on the storefront blog: /blog/<address>. Empty: made from the title."
            placeholder="gift-guide"
          />
          <TextField control={control} name="authorName" label="Author" description="Empty: your name." />
        </SimpleGrid>
        <TextareaField
          control={control}
          name="excerpt"
          label="Excerpt"
          description="Shown in the blog's list."
          rows={2}
        />
        <PictureField control={control} name="coverUrl" label="Cover picture" />
        <Group justify="space-between" align="flex-end">
          <Text size="sm" fw={500}>
            Body
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Body view"
            value={view}
            onChange={(value) => setView(value as 'write' | 'html' | 'preview')}
            data={[
              { value: 'write', label: 'Write' },
              { value: 'html', label: 'HTML' },
              { value: 'preview', label: 'Preview' },
            ]}
          />
        </Group>
        {view === 'write' ? (
          <RichTextField
            label="Body"
            labelHidden
            description="Headings, lists, links and emphasis. The server removes anything unsafe when it is saved."
            value={bodyHtml ?? ''}
            onChange={(html) => setValue('bodyHtml', html, { shouldDirty: true })}
          />
        ) : view === 'html' ? (
          <TextareaField
            control={control}
            name="bodyHtml"
            aria-label="Body HTML"
            description="HTML: headings, paragraphs, lists, links, pictures and tables. Scripts, frames, forms and event handlers are removed when it is saved."
            rows={12}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ) : (
          // A sandbox without scripts: what the post's HTML looks like before the server has cleaned it.
          <iframe
            title="Body preview"
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;line-height:1.65;margin:12px}img{max-width:100%;height:auto}</style>${bodyHtml}`}
            style={{
              width: '100%',
              height: 320,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 4,
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button variant="light" loading={busy} onClick={() => void save('draft')}>
            {post?.status === 'published' ? 'Save as draft' : 'Save draft'}
          </Button>
          <Button loading={busy} onClick={() => void save('published')}>
            {post?.status === 'published' ? 'Save and keep published' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
