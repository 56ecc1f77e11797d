import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse, sentRequest } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const ADMIN = {
  _id: 'admin-1',
  name: 'Store Admin',
  email: 'admin@example.com',
  role: 'SuperAdmin',
  permissions: [],
  status: 'Active',
};

const challengeAnswer = (twoFactorRequired: boolean, passwordChangeRequired: boolean, challenge: string) =>
  jsonResponse(200, {
    success: true,
    data: { challenge, twoFactorRequired, passwordChangeRequired, expiresAt: '2026-11-21T08:05:00.000Z' },
  });

const sessionAnswer = (twoFactorSetupRequired = false) =>
  jsonResponse(200, {
    success: true,
    message: 'Login successful.',
    data: { token: makeAdminToken(), admin: ADMIN, twoFactorSetupRequired },
  });

/** Answers each call in turn, as the server would for one sign-in. */
function answerInTurn(...answers: Response[]) {
  for (const answer of answers) fetchStub.mockImplementationOnce(async () => answer);
}

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/email/i), 'admin@example.com');
  await user.type(screen.getByLabelText(/password/i), 'admin12345');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('admin login steps', () => {
  it('asks for the authenticator code when two-factor is on, then signs in', async () => {
    answerInTurn(challengeAnswer(true, false, 'challenge-1'), sessionAnswer());
    const { user } = renderApp('/admin/auth/login');
    await signIn(user);

    const code = await screen.findByLabelText(/Authentication code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(adminSession.getUser()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    expect((await sentRequest(1)).body).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(adminSession.getUser()?.name).toBe('Store Admin');
  });

  it('takes a recovery code instead, and shows the server refusing a wrong one', async () => {
    answerInTurn(
      challengeAnswer(true, false, 'challenge-2'),
      jsonResponse(401, { success: false, code: 'UNAUTHORIZED', message: 'The code is not valid.' }),
    );
    const { user } = renderApp('/admin/auth/login');
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await waitFor(() => expect(screen.getByLabelText(/Recovery code/)).toHaveFocus());
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();
    expect((await sentRequest(1)).body).toEqual({ challenge: 'challenge-2', recoveryCode: 'abcde-fghjk' });
    expect(adminSession.getUser()).toBeNull();
  });

  it('asks for a new password when it has expired, showing each policy rule the server names', async () => {
    answerInTurn(
      challengeAnswer(false, true, 'challenge-3'),
      jsonResponse(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Password must contain a number. Password must contain a special character.',
        errors: [
          { path: '/newPassword', message: 'Password must contain a number.' },
          { path: '/newPassword', message: 'Password must contain a special character.' },
        ],
      }),
      sessionAnswer(true),
    );
    const { user, router } = renderApp('/admin/auth/login');
    await signIn(user);

    expect(
      await screen.findByText('Your password has expired. Please choose a new one.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'Longerpassword');
    await user.type(screen.getByLabelText(/Confirm new password/), 'Different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'Longerpassword');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password must contain a number. Password must contain a special character.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'Longer-password-1');
    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'Longer-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    expect((await sentRequest(2)).body).toEqual({
      challenge: 'challenge-3',
      newPassword: 'Longer-password-1',
    });

    // The settings require two-factor and this account has none: the Security screen opens to set it up.
    fetchStub.mockImplementation(async () =>
      jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' }),
    );
    await screen.findByRole('heading', { name: 'Security Settings' }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/manage-admin/admin/security');
  });
});
