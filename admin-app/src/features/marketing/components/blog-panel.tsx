import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField } from '../../../components/search-field';
import { useDeleteBlogPost, useSetBlogPostStatus } from '../api/marketing.mutations';
import { BLOG_PAGE_SIZE, marketingQueries } from '../api/marketing.queries';
import type { MarketingSearch } from '../schemas/marketing-search';
import { BlogPostFormModal } from './blog-post-form-modal';

type Post = Schemas['AdminBlogPostSummary'];

type BlogPanelProps = {
  search: MarketingSearch;
  onSearchChange: (change: Partial<MarketingSearch>) => void;
};

/** Blog: every post, drafts included, 10 a page; written, published, unpublished and deleted here. */
export function BlogPanel({ search, onSearchChange }: BlogPanelProps) {
  const posts = useQuery({
    ...marketingQueries.posts({
      page: search.page,
      limit: BLOG_PAGE_SIZE,
      ...(search.status === 'all' ? {} : { status: search.status }),
      ...(search.q ? { q: search.q } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const setStatus = useSetBlogPostStatus();
  const remove = useDeleteBlogPost();
  const total = posts.data?.meta.total ?? 0;
  const pages = Math.ceil(total / BLOG_PAGE_SIZE);

  const changeStatus = async (post: Post) => {
    const status = post.status === 'published' ? 'draft' : 'published';
    try {
      const answer = await setStatus.mutateAsync({ params: { path: { id: post.id } }, body: { status } });
      toast.success(answer.message ?? 'Post saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The post could not be changed.'));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: deleting.id } } });
      toast.success(answer.message);
      setDeleting(null);
      // The last post of a later page: show the page before it.
      if (posts.data?.data.length === 1 && search.page > 1) onSearchChange({ page: search.page - 1 });
    } catch (error) {
      toast.error(errorMessage(error, 'The post could not be deleted.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Status"
              value={search.status}
              onChange={(value) => onSearchChange({ status: value as MarketingSearch['status'], page: 1 })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'draft', label: 'Drafts' },
                { value: 'published', label: 'Published' },
              ]}
            />
            <SearchField
              label="Search titles"
              value={search.q}
              onSearch={(q) => onSearchChange({ q, page: 1 })}
            />
          </Group>
          <Button onClick={() => setEditing('new')}>Write post</Button>
        </Group>
        {posts.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(posts.error, 'The posts could not be loaded.')}
          </Alert>
        ) : posts.isPending ? (
          <Text c="dimmed">Loading posts…</Text>
        ) : posts.data.data.length === 0 ? (
          <Text c="dimmed">{search.q || search.status !== 'all' ? 'No posts match.' : 'No posts yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label="Blog posts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Last change</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {posts.data.data.map((post) => (
                  <Table.Tr key={post.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {post.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        /blog/{post.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={post.status === 'published' ? 'green' : 'gray'} variant="light">
                        {post.status === 'published' ? 'Published' : 'Draft'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{post.publishedAt ? formatDate(post.publishedAt) : '—'}</Table.Td>
                    <Table.Td>{formatDate(post.updatedAt)}</Table.Td>
                    <Table.Td>{post.authorName}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing(post)}
                          aria-label={`Edit ${post.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          disabled={setStatus.isPending}
                          onClick={() => void changeStatus(post)}
                          aria-label={`${post.status === 'published' ? 'Unpublish' : 'Publish'} ${post.title}`}
                        >
                          {post.status === 'published' ? 'Unpublish' : 'Publish'}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(post)}
                          aria-label={`Delete ${post.title}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination total={pages} value={search.page} onChange={(page) => onSearchChange({ page })} />
          </Group>
        ) : null}
      </Stack>
      <BlogPostFormModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete post"
        message={deleting ? `Delete “${deleting.title}”? It cannot be brought back.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
}
