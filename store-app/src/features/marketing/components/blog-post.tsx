import { Alert, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../../components/not-found';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { marketingQueries } from '../api/marketing.queries';
import classes from './blog-post.module.css';

/** One published post; an unknown or unpublished one is a not-found page. */
export function BlogPost({ slug }: { slug: string }) {
  const { t } = useTranslation('marketing');
  const { date } = useLocaleFormat();
  const post = useQuery(marketingQueries.blogPost(slug));
  const data = post.data?.data;
  usePageMeta({ title: data?.title, description: data?.excerpt || null });

  if (post.isPending) return <Skeleton h={320} radius="md" aria-label={t('blog.postLoading')} />;
  if (post.isError) {
    if (isApiError(post.error) && post.error.code === 'NOT_FOUND') {
      return (
        <NotFound
          title={t('blog.notFound')}
          message={t('blog.notFoundText')}
          backTo="/blog"
          backLabel={t('blog.back')}
        />
      );
    }
    return <Alert color="red">{t('blog.postLoadFailed')}</Alert>;
  }
  const shown = post.data.data;

  return (
    <Stack component="article" gap="md" maw={760} aria-labelledby="post-title">
      <AnchorLink to="/blog" size="sm">
        {t('blog.back')}
      </AnchorLink>
      <Title order={1} id="post-title">
        {shown.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t('blog.byline', { author: shown.authorName, date: date(shown.publishedAt) })}
      </Text>
      {shown.coverUrl ? <Image src={shown.coverUrl} alt="" radius="md" mah={360} fit="cover" /> : null}
      {/* Sanitised by the server when saved and again when served (no scripts, handlers, javascript: links or
          frames); the Content Security Policy would stop a script anyway. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above */}
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: shown.bodyHtml }} />
    </Stack>
  );
}
