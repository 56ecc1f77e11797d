import { toast } from '@shop/ui/notifications';
import { RejectWithReasonModal } from '../../../components/reject-with-reason-modal';
import { useRejectProduct } from '../api/products.mutations';
import { rejectProductSchema } from '../schemas/reject-product.schema';

export type RejectTarget = { id: string; title: string };

type RejectProductModalProps = {
  /** The product being rejected; null closes the dialog. */
  product: RejectTarget | null;
  onClose: () => void;
};

/** Reject a vendor's product with the reason its vendor reads in the vendor panel. */
export function RejectProductModal({ product, onClose }: RejectProductModalProps) {
  const reject = useRejectProduct();
  return (
    <RejectWithReasonModal
      target={product}
      keyOf={(target) => target.id}
      title="Reject product"
      question={(target) => (
        <>
          Reject <strong>{target.title}</strong>? Its vendor reads the reason and can change the product.
        </>
      )}
      schema={rejectProductSchema}
      onReject={async (target, body) => {
        const answer = await reject.mutateAsync({ params: { path: { id: target.id } }, body });
        toast.success(answer.message ?? 'Product rejected.');
      }}
      failureMessage="The product could not be rejected."
      onClose={onClose}
    />
  );
}
