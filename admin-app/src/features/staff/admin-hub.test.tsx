import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { stubApi } from './testing/staff-api-stub';

describe('Admin & Role Management hub', () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('has the five cards of spec 1 §2.6, each linking to its screen', async () => {
    stubApi({});
    renderApp('/manage-admin/admin');
    const cards = {
      'Admin Users': '/manage-admin/admin/users',
      'Roles & Permissions': '/manage-admin/admin/roles',
      'Activity Logs': '/manage-admin/admin/activity',
      'Security Settings': '/manage-admin/admin/security',
      'Create Admin': '/manage-admin/admin/create',
    };
    for (const [title, href] of Object.entries(cards)) {
      const card = within(await screen.findByRole('article', { name: title }));
      expect(card.getByRole('link', { name: title })).toHaveAttribute('href', href);
    }
    expect(
      within(screen.getByRole('article', { name: 'Security Settings' })).getByText(
        '2FA, password policy, alerts',
      ),
    ).toBeInTheDocument();
  });
});
