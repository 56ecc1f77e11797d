import type { LinkProps } from '@tanstack/react-router';

export type ProductSource = {
  key: 'manual' | 'aliexpress' | 'factory' | 'vendor';
  title: string;
  description: string;
  features: string[];
  bestFor: string;
  to: NonNullable<LinkProps['to']>;
};

/** Spec 1 §2.10: the four ways a product enters the catalogue, and where each one leads. */
export const productSources: ProductSource[] = [
  {
    key: 'manual',
    title: 'Manual Creation',
    description: 'Build a product from scratch with the step-by-step wizard.',
    features: [
      'Full control over title, description and category',
      'Upload your own images and video',
      'Define properties, SKUs and pricing',
      'SEO fields and labels',
    ],
    bestFor: 'Best for: your own products and small catalogues',
    to: '/manage-admin/products/add-product',
  },
  {
    key: 'aliexpress',
    title: 'AliExpress Import',
    description: 'Bring in a dropshipping product by its AliExpress product ID.',
    features: [
      'Fetch title, images, properties and SKUs automatically',
      'Edit everything before importing',
      'Re-importing updates the existing product',
      'Prices and stock from the marketplace',
    ],
    bestFor: 'Best for: dropshipping from AliExpress',
    to: '/manage-admin/products/add-product/aliexpress',
  },
  {
    key: 'factory',
    title: 'Factory Direct',
    description: 'List a product sourced straight from a factory partner.',
    features: [
      'Factory pricing and bulk order quantities',
      'Domestic D2C fulfilment',
      'Custom SKUs per production batch',
      'Same wizard as manual creation',
    ],
    bestFor: 'Best for: factory-to-customer (D2C) products',
    to: '/manage-admin/products/add-product',
  },
  {
    key: 'vendor',
    title: 'Vendor Upload',
    description: "Enter a product on a vendor's behalf.",
    features: [
      'Vendor pricing and stock',
      'Review before publishing',
      'Draft status until approved',
      'Same wizard as manual creation',
    ],
    bestFor: 'Best for: marketplace vendors and resellers',
    to: '/manage-admin/products/add-product',
  },
];
