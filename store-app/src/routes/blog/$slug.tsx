import { createFileRoute } from '@tanstack/react-router';
import { BlogPost } from '../../features/marketing/components/blog-post';

export const Route = createFileRoute('/blog/$slug')({
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <BlogPost slug={slug} />;
}
