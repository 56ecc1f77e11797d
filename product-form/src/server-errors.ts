/** The product forms a server field error can belong to. */
export type ProductFormSection = 'basicInfo' | 'media' | 'properties' | 'variants' | 'category';

const SKU_FIELDS: Record<string, string> = {
  sku_id: 'skuCode',
  offer_sale_price: 'price',
  sku_price: 'compareAtPrice',
  sku_available_stock: 'stock',
};

/**
 * Where a field error of the product body (a JSON pointer such as `/skus/2/offer_sale_price`) shows in the
 * product forms, or null when no field there holds it.
 */
export function productErrorField(pointer: string): { section: ProductFormSection; name: string } | null {
  const [head, index, field, ...rest] = pointer.replace(/^\//, '').split('/');
  switch (head) {
    case 'title':
      return { section: 'basicInfo', name: 'productTitle' };
    case 'description':
      return { section: 'basicInfo', name: 'productDescription' };
    case 'currency':
    case 'categoryId':
      return { section: 'basicInfo', name: head };
    case 'images':
      return { section: 'media', name: 'images' };
    case 'videoUrl':
      return { section: 'media', name: 'videoUrl' };
    case 'properties':
      return index !== undefined && (field === 'attr_name' || field === 'attr_value')
        ? { section: 'properties', name: `properties.${index}.${field}` }
        : { section: 'properties', name: 'properties' };
    case 'skus': {
      if (index === undefined) return { section: 'variants', name: 'variants' };
      if (field && SKU_FIELDS[field])
        return { section: 'variants', name: `variants.${index}.${SKU_FIELDS[field]}` };
      if (rest.at(-1) === 'sku_image') return { section: 'variants', name: `variants.${index}.image` };
      return { section: 'variants', name: `variants.${index}.price` };
    }
    case 'labels':
      return index === 'mainCategory' ? { section: 'category', name: 'mainCategory' } : null;
    default:
      return null;
  }
}
