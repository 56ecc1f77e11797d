import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useDeleteProduct } from '../api/products.mutations';
import { errorText } from '../lib/error-text';

/** Asking, then deleting one product: the target while the confirm dialog is open, and the call behind Delete. */
export function useDeleteProductFlow() {
  const [target, setTarget] = useState<string | null>(null);
  const deleteProduct = useDeleteProduct();

  const confirm = async () => {
    if (!target) return;
    try {
      await deleteProduct.mutateAsync({ params: { path: { id: target } } });
      toast.success('Product deleted successfully.');
    } catch (error) {
      toast.error(errorText(error, 'Failed to delete product.'));
    } finally {
      setTarget(null);
    }
  };

  return {
    ask: (id: string) => setTarget(id),
    dialog: {
      opened: target !== null,
      busy: deleteProduct.isPending,
      onCancel: () => setTarget(null),
      onConfirm: () => void confirm(),
    },
  };
}
