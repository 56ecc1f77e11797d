import { Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useBulkUpdateUsers, useDeleteUser, useUpdateUser } from '../api/users.mutations';
import { USER_PAGE_SIZE, userQueries } from '../api/users.queries';
import { useRowSelection } from '../lib/use-row-selection';
import { type UserListSearch, userFilters } from '../schemas/user-list-search';
import { BulkReport } from './bulk-report';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { UserBulkBar } from './user-bulk-bar';
import { userColumns, userTableFeatures } from './user-columns';
import { UserListToolbar } from './user-list-toolbar';
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

  const selection = useRowSelection(JSON.stringify(search));
  const bulk = useBulkUpdateUsers();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [report, setReport] = useState<Schemas['BulkAccountsResult'] | null>(null);
  const busy = bulk.isPending || update.isPending || remove.isPending;

  const filter = (change: Partial<UserListSearch>) => onSearchChange({ ...change, page: 1 });

  const run = async (current: Pending) => {
    try {
      if (current.kind === 'bulk') {
        const { data } = await bulk.mutateAsync({ body: { action: current.action, ids: current.ids } });
        selection.clear();
        if (data.failed.length > 0) setReport(data);
        else toast.success(`${data.done.length} users updated.`);
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
      <UserListToolbar search={search} onFilter={filter} onInvite={() => setInviting(true)} />
      {selection.count > 0 ? (
        <UserBulkBar
          count={selection.count}
          busy={busy}
          onActivate={() => askBulk('activate')}
          onDeactivate={() => askBulk('deactivate')}
          onDelete={() => askBulk('delete')}
        />
      ) : null}
      {report ? (
        <BulkReport
          report={report}
          names={new Map(rows.map((row) => [row._id, row.name]))}
          onClose={() => setReport(null)}
        />
      ) : null}
      <Paper withBorder p="md" radius="md">
        {list.isError && !list.data ? (
          <Text c="red" role="alert">
            {errorMessage(list.error, 'Failed to load users.')}
          </Text>
        ) : (
          <DataTable
            label="Users"
            features={userTableFeatures}
            columns={userColumns({
              rows,
              selection,
              onEdit: (user) => setEditing(user._id),
              onToggleStatus: (user) =>
                setPending({
                  kind: 'row',
                  user,
                  action: user.status === 'Active' ? 'deactivate' : 'activate',
                }),
              onDelete: (user) => setPending({ kind: 'row', user, action: 'delete' }),
            })}
            data={rows}
            getRowId={(row) => row._id}
            rowCount={total}
            pagination={{ pageIndex: search.page - 1, pageSize: USER_PAGE_SIZE }}
            onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
            loading={list.isPending}
            loadingText="Loading users..."
            emptyState={<Text c="dimmed">No users found.</Text>}
          />
        )}
      </Paper>
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
