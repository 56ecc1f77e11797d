import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../../test/fixtures';
import { jsonResponse, type RouteHandler, routeStub, sentRoutes } from '../../../test/network';
import { renderApp } from '../../../test/render-app';

const LOGO_URL = 'http://localhost:3000/media/uploads/5b0d6c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f.png';

/** The store as saved so far; PUT /vendor/me changes it, as the server would. */
function stubStore(overrides: Record<string, RouteHandler> = {}) {
  let store = makeVendorProfile();
  const bodies: unknown[] = [];
  const uploads: File[] = [];
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: store }),
    'PUT /vendor/me': async (request) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      store = {
        ...store,
        name: body.name ?? store.name,
        email: body.email ?? store.email,
        phone: body.phone || null,
        address: body.address || null,
        description: body.description || null,
        logoUrl: body.logoUrl || null,
      };
      return jsonResponse(200, { success: true, message: 'Settings saved!', data: store });
    },
    'POST /vendor/images': async (request) => {
      const file = (await request.formData()).get('file');
      if (file instanceof File) uploads.push(file);
      return jsonResponse(201, { success: true, data: { url: LOGO_URL } });
    },
    ...overrides,
  });
  return { bodies, uploads };
}

async function openSettings() {
  const user = userEvent.setup();
  renderApp('/manage-vandor/settings', { signedIn: true });
  const form = within(await screen.findByRole('form', { name: 'Store settings' }));
  return { user, form };
}

const saveButton = (form: ReturnType<typeof within>) => form.getByRole('button', { name: 'Save Settings' });

describe('vendor settings', () => {
  it('loads the store from the server into the form', async () => {
    stubStore();
    const { form } = await openSettings();
    expect(form.getByRole('textbox', { name: /Store Name/ })).toHaveValue('Dhaka Crafts');
    expect(form.getByRole('textbox', { name: /Email/ })).toHaveValue('owner@dhakacrafts.example.com');
    expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('+8801711000000');
    expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue('House 3, Road 9, Dhanmondi, Dhaka');
    expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Handmade goods from Dhaka.');
    expect(form.getByText('No logo yet.')).toBeInTheDocument();
  });

  it('requires Store Name and Email, checks the email, and sends nothing until they are right', async () => {
    stubStore();
    const { user, form } = await openSettings();
    await user.clear(form.getByRole('textbox', { name: /Store Name/ }));
    await user.clear(form.getByRole('textbox', { name: /Email/ }));
    await user.click(saveButton(form));
    expect(await form.findByText('Store Name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: /Store Name/ }), 'Corner Shop');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(saveButton(form));
    expect(await form.findByText('Email is invalid')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    expect(sentRoutes()).not.toContain('PUT /vendor/me');
    expect(screen.queryByText('Settings saved!')).not.toBeInTheDocument();
  });

  it('uploads a chosen logo, previews it, and says Settings saved! once the server saved', async () => {
    const { bodies, uploads } = stubStore();
    const { user, form } = await openSettings();
    await user.clear(form.getByRole('textbox', { name: /Store Name/ }));
    await user.type(form.getByRole('textbox', { name: /Store Name/ }), 'Corner Shop');
    await user.clear(form.getByRole('textbox', { name: 'Phone' }));
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('The logo input is missing');
    await user.upload(fileInput, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(form.getByRole('img', { name: 'Store logo preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    await user.click(saveButton(form));
    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(uploads.map((file) => file.name)).toEqual(['logo.png']);
    expect(sentRoutes().filter((route) => route !== 'GET /vendor/me')).toEqual([
      'POST /vendor/images',
      'PUT /vendor/me',
    ]);
    expect(bodies[0]).toEqual({
      name: 'Corner Shop',
      email: 'owner@dhakacrafts.example.com',
      phone: '',
      address: 'House 3, Road 9, Dhanmondi, Dhaka',
      description: 'Handmade goods from Dhaka.',
      logoUrl: LOGO_URL,
    });
    // The saved logo is now the server's.
    await waitFor(() =>
      expect(form.getByRole('img', { name: 'Store logo preview' })).toHaveAttribute('src', LOGO_URL),
    );
  });

  it('removes the saved logo', async () => {
    const { bodies } = stubStore({
      'GET /vendor/me': () =>
        jsonResponse(200, { success: true, data: makeVendorProfile({ logoUrl: LOGO_URL }) }),
    });
    const { user, form } = await openSettings();
    expect(form.getByRole('img', { name: 'Store logo preview' })).toHaveAttribute('src', LOGO_URL);
    await user.click(form.getByRole('button', { name: 'Remove logo' }));
    expect(form.getByText('No logo yet.')).toBeInTheDocument();
    await user.click(saveButton(form));
    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ logoUrl: '' });
  });

  it("shows the server's field errors on the fields and does not say saved", async () => {
    stubStore({
      'PUT /vendor/me': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'A store with this email already exists.',
          errors: [{ path: '/email', message: 'A store with this email already exists.' }],
        }),
    });
    const { user, form } = await openSettings();
    await user.click(saveButton(form));
    expect(await form.findByText('A store with this email already exists.')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Settings saved!')).not.toBeInTheDocument();
  });

  it('puts a refused upload on the logo field and saves nothing', async () => {
    stubStore({
      'POST /vendor/images': () =>
        jsonResponse(415, {
          success: false,
          code: 'BAD_REQUEST',
          message: 'Only JPG, PNG or WebP images can be uploaded.',
        }),
    });
    const { user, form } = await openSettings();
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('The logo input is missing');
    await user.upload(fileInput, new File(['not really'], 'logo.png', { type: 'image/png' }));
    await user.click(saveButton(form));
    expect(await form.findByText('Only JPG, PNG or WebP images can be uploaded.')).toBeInTheDocument();
    expect(sentRoutes()).not.toContain('PUT /vendor/me');
    expect(screen.queryByText('Settings saved!')).not.toBeInTheDocument();
  });
});
