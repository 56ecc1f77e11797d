import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { RejectWithReasonModal } from '../../../components/reject-with-reason-modal';
import { useRejectVendor } from '../api/vendors.mutations';
import { rejectVendorSchema } from '../schemas/reject-vendor.schema';

type Vendor = Schemas['VendorProfile'];

type RejectVendorModalProps = {
  /** The application being rejected; null closes the dialog. */
  vendor: Vendor | null;
  onClose: () => void;
};

/** Reject an application with the reason the applicant will read when signing in and by email. */
export function RejectVendorModal({ vendor, onClose }: RejectVendorModalProps) {
  const reject = useRejectVendor();
  return (
    <RejectWithReasonModal
      target={vendor}
      keyOf={(target) => target._id}
      title="Reject application"
      question={(target) => (
        <>
          Reject the application of <strong>{target.name}</strong>? They read the reason when signing in and
          by email.
        </>
      )}
      schema={rejectVendorSchema}
      onReject={async (target, body) => {
        const answer = await reject.mutateAsync({ params: { path: { id: target._id } }, body });
        toast.success(answer.message ?? `The application of ${target.name} was rejected.`);
      }}
      failureMessage="The application could not be rejected."
      onClose={onClose}
    />
  );
}
