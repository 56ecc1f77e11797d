import { Alert, Card, Image, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { BLOG_PAGE_SIZE, marketingQueries } from '../api/marketing.queries';

type BlogListProps = { page: number; onPageChange: (page: number) => void };

/** The storefront blog: published posts, newest first, a page at a time. */
export function BlogList({ page, onPageChange }: BlogListProps) {
  const { t } = useTranslation('marketing');
  const { date } = useLocaleFormat();
  const posts = useQuery(marketingQueries.blogPage(page));
  usePageMeta({ title: t('blog.title'), description: t('blog.intro') });
  const pages = Math.ceil((posts.data?.meta.total ?? 0) / BLOG_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} id="blog-title">
          {t('blog.title')}
        </Title>
        <Text c="dimmed">{t('blog.intro')}</Text>
      </Stack>
      {posts.isPending ? (
        <Skeleton h={240} radius="md" aria-label={t('blog.loading')} />
      ) : posts.isError ? (
        <Alert color="red">{t('blog.loadFailed')}</Alert>
      ) : posts.data.data.length === 0 ? (
        <Text>{t('blog.empty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="blog-title"
        >
          {posts.data.data.map((post) => (
            <Card
              key={post.slug}
              component="li"
              withBorder
              radius="md"
              padding="lg"
              aria-labelledby={`post-${post.slug}`}
            >
              {post.coverUrl ? (
                <Card.Section mb="md">
                  <Image src={post.coverUrl} alt="" h={160} fit="cover" />
                </Card.Section>
              ) : null}
              <Stack gap="xs" h="100%">
                <Title order={2} fz="h4" id={`post-${post.slug}`}>
                  <AnchorLink to="/blog/$slug" params={{ slug: post.slug }} c="inherit">
                    {post.title}
                  </AnchorLink>
                </Title>
                <Text size="sm" c="dimmed">
                  {t('blog.byline', { author: post.authorName, date: date(post.publishedAt) })}
                </Text>
                {post.excerpt ? <Text size="sm">{post.excerpt}</Text> : null}
                <AnchorLink
                  to="/blog/$slug"
                  params={{ slug: post.slug }}
                  size="sm"
                  mt="auto"
                  aria-label={t('blog.readMoreAbout', { title: post.title })}
                >
                  {t('blog.readMore')}
                </AnchorLink>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': t(`blog.pages.${control}`) })}
        />
      ) : null}
    </Stack>
  );
}
