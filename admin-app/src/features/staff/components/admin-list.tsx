import { Button, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { BulkBar } from '@shop/ui/list-kit/bulk-bar';
import { BulkReport, type BulkReportContent, bulkReportOf } from '@shop/ui/list-kit/bulk-report';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountListToolbar } from '../../../components/account-list-toolbar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ButtonLink } from '../../../components/router-links';
import { useBulkUpdateAdmins, useDeleteAdmin, useUpdateAdmin } from '../api/staff.mutations';
import { ADMIN_PAGE_SIZE, staffQueries } from '../api/staff.queries';
import { ADMIN_ROLES, ADMIN_STATUSES } from '../lib/staff-values';
import { type AdminListSearch, adminFilters } from '../schemas/admin-list-search';
import { adminColumns, adminTableFeatures } from './admin-columns';
import { AdminStatCards } from './admin-stat-cards';
import { EditAdminModal } from './edit-admin-modal';

type StaffAccount = Schemas['StaffAccount'];
type Action = Schemas['BulkAdminsRequest']['action'];

type AdminListProps = {
  search: AdminListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<AdminListSearch>) => void;
};

type Pending =
  | { kind: 'row'; admin: StaffAccount; action: Action }
  | { kind: 'bulk'; ids: string[]; action: Action };

const ACTION_LABEL: Record<Action, string> = { activate: 'Activate', suspend: 'Suspend', delete: 'Delete' };

function confirmText(pending: Pending): string {
  const who = pending.kind === 'row' ? pending.admin.name : `the ${pending.ids.length} selected admins`;
  if (pending.action === 'delete') return `Delete ${who}? The activity log keeps what they did.`;
  if (pending.action === 'suspend')
    return `Suspend ${who}? They are signed out and cannot sign in until activated.`;
  return `Activate ${who}?`;
}

/** Spec 2 §2 Admin list: staff accounts, paged, searched, filtered and counted by the server. */
export function AdminList({ search, onSearchChange }: AdminListProps) {
  const list = useQuery({
    ...staffQueries.list({ ...adminFilters(search), page: search.page, limit: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  const { selection, filter, setPage } = useListState(search, onSearchChange);
  const bulk = useBulkUpdateAdmins();
  const update = useUpdateAdmin();
  const remove = useDeleteAdmin();
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [report, setReport] = useState<BulkReportContent | null>(null);
  const busy = bulk.isPending || update.isPending || remove.isPending;

  const run = async (current: Pending) => {
    try {
      if (current.kind === 'bulk') {
        const { data } = await bulk.mutateAsync({ body: { action: current.action, ids: current.ids } });
        selection.clear();
        const title = `${data.done.length} updated, ${data.failed.length} refused`;
        setReport(bulkReportOf(title, data.failed, (id) => rows.find((row) => row._id === id)?.name));
        if (data.failed.length === 0) toast.success(`${data.done.length} admins updated.`);
      } else if (current.action === 'delete') {
        await remove.mutateAsync({ params: { path: { id: current.admin._id } } });
        toast.success('Admin deleted.');
      } else {
        const status = current.action === 'activate' ? 'Active' : 'Suspended';
        await update.mutateAsync({ params: { path: { id: current.admin._id } }, body: { status } });
        toast.success(current.action === 'activate' ? 'Admin activated.' : 'Admin suspended.');
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

  const askBulk = (action: Action) => setPending({ kind: 'bulk', ids: selection.ids, action });

  return (
    <Stack gap="md">
      <AdminStatCards stats={list.data?.stats} failed={list.isError} />
      <AccountListToolbar
        search={search}
        onFilter={filter}
        roles={ADMIN_ROLES}
        statuses={ADMIN_STATUSES}
        action={<ButtonLink to="/manage-admin/admin/create">Create Admin</ButtonLink>}
      />
      <BulkBar count={selection.count}>
        <Button size="xs" variant="light" color="teal" onClick={() => askBulk('activate')} disabled={busy}>
          Activate
        </Button>
        <Button size="xs" variant="light" color="orange" onClick={() => askBulk('suspend')} disabled={busy}>
          Suspend
        </Button>
        <Button size="xs" color="red" onClick={() => askBulk('delete')} disabled={busy}>
          Delete
        </Button>
      </BulkBar>
      <BulkReport report={report} onClose={() => setReport(null)} />
      <ListTable
        label="Admins"
        query={list}
        features={adminTableFeatures}
        columns={adminColumns({
          onEdit: setEditing,
          onToggleStatus: (admin) =>
            setPending({
              kind: 'row',
              admin,
              action: admin.status === 'Active' ? 'suspend' : 'activate',
            }),
          onDelete: (admin) => setPending({ kind: 'row', admin, action: 'delete' }),
        })}
        selection={{
          state: selection,
          allLabel: 'Select all admins on this page',
          nameOf: (row) => row.name,
        }}
        data={rows}
        getRowId={(row) => row._id}
        total={total}
        page={search.page}
        pageSize={ADMIN_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading admins..."
        emptyState={<Text c="dimmed">No admins found.</Text>}
        errorFallback="Failed to load admins."
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
      <EditAdminModal admin={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
