import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const SETTINGS = {
  twoFactorRequired: false,
  passwordPolicy: {
    uppercase: true,
    lowercase: true,
    numbers: true,
    specialCharacters: true,
    minLength: true,
  },
  passwordExpiryDays: 90,
  ipWhitelist: ['127.0.0.1'],
  alerts: { failedLogin: true, newDevice: true, passwordChange: true, adminAction: false },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

type Sent = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

/** A stand-in for the security API that keeps its state, so a save shows on the next read as the server would. */
function securityServer() {
  const state = {
    settings: structuredClone(SETTINGS),
    twoFactor: { enabled: false, pending: false, required: false, recoveryCodesLeft: 0 },
    devices: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'Chrome on Windows',
        ip: '127.0.0.1',
        location: null,
        lastUsed: '2026-11-21T08:00:00.000Z',
        createdAt: '2026-11-21T08:00:00.000Z',
        current: true,
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Safari on iOS',
        ip: '198.51.100.7',
        location: null,
        lastUsed: '2026-11-20T08:00:00.000Z',
        createdAt: '2026-11-19T08:00:00.000Z',
        current: false,
      },
    ],
    sent: [] as Sent[],
    /** Answers the next PUT /admin/security instead of saving. */
    refuseSave: null as Answer | null,
  };
  const ok = (data: unknown, message?: string) => jsonResponse(200, { success: true, message, data });
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    state.sent.push({ method: request.method, path, body });
    const route = `${request.method} ${path}`;
    if (route === 'GET /admin/me') {
      return ok({
        _id: 'admin-1',
        name: 'Store Admin',
        email: 'admin@example.com',
        role: 'SuperAdmin',
        permissions: [],
        status: 'Active',
      });
    }
    if (route === 'GET /admin/security') return ok(state.settings);
    if (route === 'PUT /admin/security') {
      if (state.refuseSave) {
        const { status, body: refusal } = state.refuseSave;
        state.refuseSave = null;
        return jsonResponse(status, refusal);
      }
      state.settings = { ...body, updatedAt: new Date().toISOString() };
      return ok(state.settings, 'Security settings saved.');
    }
    if (route === 'GET /admin/security/events') {
      return jsonResponse(200, {
        success: true,
        data: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            action: 'login.failed',
            user: 'editor@example.com',
            ip: '203.0.113.9',
            timestamp: '2026-11-21T07:00:00.000Z',
            severity: 'medium',
          },
        ],
        meta: { page: Number(url.searchParams.get('page')), limit: 10, total: 1 },
      });
    }
    if (route === 'GET /admin/two-factor') return ok(state.twoFactor);
    if (route === 'POST /admin/two-factor/setup') {
      state.twoFactor.pending = true;
      return ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Shop%20Admin:admin%40example.com?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      });
    }
    if (route === 'POST /admin/two-factor/confirm') {
      if (body.code !== '123456') {
        return jsonResponse(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'The code is not valid.',
          errors: [{ path: '/code', message: 'The code is not valid.' }],
        });
      }
      state.twoFactor = { enabled: true, pending: false, required: false, recoveryCodesLeft: 10 };
      return ok(
        { recoveryCodes: Array.from({ length: 10 }, (_, i) => `code${i}-abcde`) },
        'Two-factor authentication is on.',
      );
    }
    if (route === 'GET /admin/sessions') return ok(state.devices);
    const revoke = /^DELETE \/admin\/sessions\/(.+)$/.exec(route);
    if (revoke) {
      state.devices = state.devices.filter((device) => device.id !== revoke[1]);
      return jsonResponse(200, { success: true, message: 'The session has been ended.' });
    }
    throw new TypeError(`Unexpected request: ${route}`);
  });
  return state;
}

const section = (name: string) => screen.getByRole('region', { name });
const puts = (state: ReturnType<typeof securityServer>) =>
  state.sent.filter((sent) => sent.method === 'PUT' && sent.path === '/admin/security');

beforeEach(() => {
  adminSession.login(makeAdminToken());
});

describe('Security Settings', () => {
  it('shows the saved settings, the devices and the security events', async () => {
    securityServer();
    renderApp('/manage-admin/admin/security');

    const settings = await screen.findByRole('region', { name: 'Security Settings' });
    for (const rule of [
      'Uppercase letters',
      'Lowercase letters',
      'Numbers',
      'Special characters',
      'Minimum 8 characters',
    ]) {
      expect(within(settings).getByRole('checkbox', { name: rule })).toBeChecked();
    }
    expect(within(settings).getByLabelText(/Password expiry \(days\)/)).toHaveValue('90');
    expect(
      within(settings).getByRole('switch', { name: /Require two-factor authentication/ }),
    ).not.toBeChecked();
    expect(within(settings).getByRole('switch', { name: /Failed login/ })).toBeChecked();
    expect(within(settings).getByRole('switch', { name: /Admin action/ })).not.toBeChecked();
    expect(within(settings).getByText('127.0.0.1')).toBeInTheDocument();

    const devices = section('Trusted Devices');
    expect(await within(devices).findByText('Safari on iOS')).toBeInTheDocument();
    expect(within(devices).getByText('This device')).toBeInTheDocument();

    const events = section('Security Events');
    expect(await within(events).findByText('Failed sign-in')).toBeInTheDocument();
    expect(within(events).getByText('editor@example.com')).toBeInTheDocument();
    expect(within(events).getByText('medium')).toBeInTheDocument();
  });

  it('adds whitelist entries ignoring blank and duplicate ones, removes them, and saves everything', async () => {
    const state = securityServer();
    const { user } = renderApp('/manage-admin/admin/security');
    const settings = await screen.findByRole('region', { name: 'Security Settings' });
    const input = within(settings).getByLabelText('IP address or range');
    const add = within(settings).getByRole('button', { name: 'Add' });

    await user.type(input, '   ');
    await user.click(add);
    await user.type(input, '127.0.0.1');
    await user.click(add);
    await user.type(input, ' 10.0.0.0/8 ');
    await user.click(add);
    const list = within(settings).getByRole('list', { name: 'IP whitelist' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);

    await user.click(within(settings).getByRole('button', { name: 'Remove 127.0.0.1' }));
    await user.click(within(settings).getByRole('checkbox', { name: 'Special characters' }));
    await user.click(within(settings).getByRole('switch', { name: /Require two-factor authentication/ }));
    const expiry = within(settings).getByLabelText(/Password expiry \(days\)/);
    await user.clear(expiry);
    await user.type(expiry, '30');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Security settings saved.')).toBeInTheDocument();
    expect(puts(state)[0]?.body).toEqual({
      twoFactorRequired: true,
      passwordPolicy: { ...SETTINGS.passwordPolicy, specialCharacters: false },
      passwordExpiryDays: 30,
      ipWhitelist: ['10.0.0.0/8'],
      alerts: SETTINGS.alerts,
    });
  });

  it('keeps password expiry between 0 and 365 and sends nothing otherwise', async () => {
    const state = securityServer();
    const { user } = renderApp('/manage-admin/admin/security');
    const settings = await screen.findByRole('region', { name: 'Security Settings' });
    const expiry = within(settings).getByLabelText(/Password expiry \(days\)/);
    await user.clear(expiry);
    await user.type(expiry, '400');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    expect(
      await within(settings).findByText('Password expiry must be between 0 and 365 days'),
    ).toBeInTheDocument();
    expect(puts(state)).toEqual([]);
  });

  it("shows the server's refusal: the lock-out message, and the entry it names", async () => {
    const state = securityServer();
    const { user } = renderApp('/manage-admin/admin/security');
    const settings = await screen.findByRole('region', { name: 'Security Settings' });
    state.refuseSave = {
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message:
          'This IP whitelist would lock you out (your address is 198.51.100.7). Add it to the list first.',
      },
    };
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent(
      'This IP whitelist would lock you out (your address is 198.51.100.7). Add it to the list first.',
    );

    state.refuseSave = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: "'10.0.0.300' is not an IP address or CIDR range.",
        errors: [{ path: '/ipWhitelist/1', message: "'10.0.0.300' is not an IP address or CIDR range." }],
      },
    };
    await user.type(within(settings).getByLabelText('IP address or range'), '10.0.0.300');
    await user.click(within(settings).getByRole('button', { name: 'Add' }));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    const entry = within(within(settings).getByRole('list', { name: 'IP whitelist' })).getAllByRole(
      'listitem',
    )[1];
    await waitFor(() => expect(entry).toHaveTextContent("'10.0.0.300' is not an IP address or CIDR range."));
  });

  it('sets up two-factor with the QR code and a code, and shows the recovery codes once', async () => {
    securityServer();
    const { user } = renderApp('/manage-admin/admin/security');
    const card = await screen.findByRole('region', { name: 'Your Two-Factor Authentication' });
    await user.click(await within(card).findByRole('button', { name: 'Set up two-factor authentication' }));

    expect(
      await within(card).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(within(card).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = within(card).getByLabelText('Authentication code');
    await user.type(code, '12');
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(card).findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByText('The code is not valid.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    const codes = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(await within(card).findByText('On')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Recovery codes left: 10/)).toBeInTheDocument();
  });

  it('revokes another device', async () => {
    const state = securityServer();
    const { user } = renderApp('/manage-admin/admin/security');
    const devices = await screen.findByRole('region', { name: 'Trusted Devices' });
    await user.click(await within(devices).findByRole('button', { name: 'Revoke Safari on iOS' }));

    expect(await screen.findByText('The session has been ended.')).toBeInTheDocument();
    await waitFor(() => expect(within(devices).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(state.sent).toContainEqual({
      method: 'DELETE',
      path: '/admin/sessions/22222222-2222-4222-8222-222222222222',
      body: undefined,
    });
    expect(
      within(devices).queryByRole('button', { name: 'Revoke Chrome on Windows' }),
    ).not.toBeInTheDocument();
  });
});
