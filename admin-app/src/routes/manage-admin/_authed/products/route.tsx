import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SectionHeader } from '../../../../components/section-header';

export const Route = createFileRoute('/manage-admin/_authed/products')({
  component: ProductsSection,
});

// Spec 1 §2.7: every products screen sits under this header.
function ProductsSection() {
  return (
    <>
      <SectionHeader
        title="Products"
        subtitle="Manage your product catalog"
        links={[
          { label: 'Products List', to: '/manage-admin/products' },
          { label: '+ Create Product', to: '/manage-admin/products/source' },
        ]}
      />
      <Outlet />
    </>
  );
}
