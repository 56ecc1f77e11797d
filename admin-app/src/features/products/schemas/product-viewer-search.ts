import { z } from 'zod';

/** /manage-admin/products/product-viewer?id=… : the product's `_id`. */
export const productViewerSearchSchema = z.object({
  id: z.string().min(1).max(64).optional().catch(undefined),
});
