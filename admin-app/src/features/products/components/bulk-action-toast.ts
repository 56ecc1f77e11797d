import type { RequestBody, ResponseData } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { errorText } from '../lib/error-text';

export type BulkAction = RequestBody<'bulkProducts'>['action'];

const plural = (count: number) => (count === 1 ? '1 product' : `${count} products`);

const DONE: Record<BulkAction, (count: number) => string> = {
  publish: (count) => `Published ${plural(count)}.`,
  draft: (count) => `Moved ${plural(count)} to draft.`,
  disable: (count) => `Disabled ${plural(count)}.`,
  delete: (count) => `Deleted ${plural(count)}.`,
};

/** Runs one bulk action and reports how many products it changed, or why it failed. */
export async function runBulkAction(
  action: BulkAction,
  run: () => Promise<{ data: ResponseData<'bulkProducts'> }>,
) {
  try {
    const { data } = await run();
    toast.success(DONE[action](data.affected));
    return true;
  } catch (error) {
    toast.error(errorText(error, 'The bulk action failed.'));
    return false;
  }
}
