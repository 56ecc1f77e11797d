import { Button, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { BulkBar } from '@shop/ui/list-kit/bulk-bar';
import { BulkReport, type BulkReportContent, bulkReportOf } from '@shop/ui/list-kit/bulk-report';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { IconMailPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountListToolbar } from '../../../components/account-list-toolbar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useBulkUpdateUsers, useDeleteUser, useUpdateUser } from '../api/users.mutations';
import { USER_PAGE_SIZE, userQueries } from '../api/users.queries';
import { USER_ROLES, USER_STATUSES, type UserListSearch, userFilters } from '../schemas/user-list-search';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { canTickUser, userColumns, userTableFeatures } from './user-columns';
import { UserStatCards } from './user-stat-cards';

type UserAccount = Schemas['UserAccount'];
type BulkAction = Schemas['BulkUsersRequest']['action'];

type UserListProps = {
  search: UserListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<UserListSearch>) => void;
};

/** What a confirmation is about: one row's action, or the bulk bar's. */
type Pending =
  | { kind: 'row'; user: UserAccount; action: 'activate' | 'deactivate' | 'delete' }
  | { kind: 'bulk'; ids: string[]; action: BulkAction };

const ACTION_LABEL: Record<BulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
};

function confirmText(pending: Pending): string {
  if (pending.kind === 'bulk') {
    const n = pending.ids.length;
    if (pending.action === 'delete')
      return `Delete the ${n} selected users? Their personal details are removed; their orders are kept.`;
    if (pending.action === 'deactivate')
      return `Deactivate the ${n} selected users? They are signed out and cannot sign in until activated.`;
    return `Activate the ${n} selected users?`;
  }
  const { user, action } = pending;
  if (action === 'delete')
    return `Delete ${user.name}? Their personal details are removed; their orders are kept for the books.`;
  if (action === 'deactivate')
    return `Deactivate ${user.name}? They are signed out and cannot sign in until activated.`;
  return `Activate ${user.name}?`;
}

/** Spec 2 §2 Users: the store's accounts, paged, searched, filtered and counted by the server. */
export function UserList({ search, onSearchChange }: UserListProps) {
  const list = useQuery({
    ...userQueries.list({ ...userFilters(search), page: search.page, limit: USER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  const { selection, filter, setPage } = useListState(search, onSearchChange);
  const bulk = useBulkUpdateUsers();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [report, setReport] = useState<BulkReportContent | null>(null);
  const busy = bulk.isPending || update.isPending || remove.isPending;

  const run = async (current: Pending) => {
    try {
      if (current.kind === 'bulk') {
        const { data } = await bulk.mutateAsync({ body: { action: current.action, ids: current.ids } });
        selection.clear();
        const title = `${data.done.length} updated, ${data.failed.length} refused`;
        setReport(bulkReportOf(title, data.failed, (id) => rows.find((row) => row._id === id)?.name));
        if (data.failed.length === 0) toast.success(`${data.done.length} users updated.`);
      } else if (current.action === 'delete') {
        await remove.mutateAsync({ params: { path: { id: current.user._id } } });
        toast.success('User deleted.');
      } else {
        const status = current.action === 'activate' ? 'Active' : 'Inactive';
        await update.mutateAsync({ params: { path: { id: current.user._id } }, body: { status } });
        toast.success(current.action === 'activate' ? 'User activated.' : 'User deactivated.');
      }
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be made.'));
    }
  };

  const confirm = async () => {
    if (!pending) return;
    await run(pending);
    setPending(null);
  };

  const askBulk = (action: BulkAction) => setPending({ kind: 'bulk', ids: selection.ids, action });

  return (
    <Stack gap="md">
      <UserStatCards stats={list.data?.stats} failed={list.isError} />
      <AccountListToolbar
        search={search}
        onFilter={filter}
        roles={USER_ROLES}
        statuses={USER_STATUSES}
        action={
          <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite User
          </Button>
        }
      />
      <BulkBar count={selection.count}>
        <Button size="xs" variant="light" color="teal" onClick={() => askBulk('activate')} disabled={busy}>
          Activate
        </Button>
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => askBulk('deactivate')}
          disabled={busy}
        >
          Deactivate
        </Button>
        <Button size="xs" color="red" onClick={() => askBulk('delete')} disabled={busy}>
          Delete
        </Button>
      </BulkBar>
      <BulkReport report={report} onClose={() => setReport(null)} />
      <ListTable
        label="Users"
        query={list}
        features={userTableFeatures}
        columns={userColumns({
          onEdit: (user) => setEditing(user._id),
          onToggleStatus: (user) =>
            setPending({
              kind: 'row',
              user,
              action: user.status === 'Active' ? 'deactivate' : 'activate',
            }),
          onDelete: (user) => setPending({ kind: 'row', user, action: 'delete' }),
        })}
        selection={{
          state: selection,
          allLabel: 'Select all users on this page',
          nameOf: (row) => row.name,
          canSelect: canTickUser,
        }}
        data={rows}
        getRowId={(row) => row._id}
        total={total}
        page={search.page}
        pageSize={USER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading users..."
        emptyState={<Text c="dimmed">No users found.</Text>}
        errorFallback="Failed to load users."
      />
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? `Confirm ${ACTION_LABEL[pending.action]}` : ''}
        message={pending ? confirmText(pending) : ''}
        confirmLabel={pending ? ACTION_LABEL[pending.action] : ''}
        danger={pending?.action !== 'activate'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
      <EditUserModal userId={editing} onClose={() => setEditing(null)} />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
