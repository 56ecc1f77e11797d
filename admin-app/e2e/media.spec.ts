import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { staffSignsIn } from './journey-helpers.ts';

const { admin, api } = shopAddresses('admin-app');

test('staff upload a picture into a new folder, resize it, and see where the copy is served', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const policyViolations = await watchPolicyViolations(page);
  const folder = `E2E Campaign ${Date.now().toString(36)}`;
  const picture = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();

  await test.step('sign in and open the media manager', async () => {
    await staffSignsIn(page);
    await page.goto(`${admin}/manage-admin/media`);
    await expect(page.getByRole('heading', { name: 'File & Media Manager' })).toBeVisible();
    await expect(page.getByText('Supported: JPG, PNG, MP4, PDF, WebP · Max 10MB per file')).toBeVisible();
  });

  await test.step('create a folder', async () => {
    await page.getByLabel('New folder').fill(folder);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Folder ${folder} created.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Upload to ${folder}` })).toBeVisible();
  });

  const files = page.getByRole('list', { name: `Files in ${folder}` });
  await test.step('upload a picture into it; a program is refused', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await (await chooser).setFiles([
      { name: 'hero.png', mimeType: 'image/png', buffer: picture },
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await expect(
      page.getByText('setup.exe: Only JPG, PNG, MP4, PDF or WebP files can be uploaded.'),
    ).toBeVisible();
    await expect(page.getByText('1 file uploaded.')).toBeVisible();
    const card = files.getByRole('listitem', { name: 'hero.png' });
    await expect(card.getByText(/1600×900/)).toBeVisible();
    await expect(card.getByRole('img', { name: 'hero.png' })).toBeVisible();
  });

  await test.step('resize it: a new, smaller picture beside the original', async () => {
    await page.getByRole('button', { name: 'Resize hero.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resize hero.png' });
    await dialog.getByLabel('Width (px)').fill('400');
    await dialog.getByRole('button', { name: 'Resize' }).click();
    await expect(page.getByText(/^hero-400x225\.png saved \(.+\)\.$/)).toBeVisible();
    const copy = files.getByRole('listitem', { name: 'hero-400x225.png' });
    await expect(copy.getByText(/400×225/)).toBeVisible();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    const folders = page.getByRole('navigation', { name: 'Media folders' });
    await expect(folders.getByRole('button', { name: `${folder} 2`, exact: true })).toBeVisible();
    // A folder holding files cannot be removed.
    await expect(folders.getByRole('button', { name: `Remove folder ${folder}` })).toHaveCount(0);

    // The copy is served at its own address, at its new size.
    const src = await copy.getByRole('img').getAttribute('src');
    expect(src).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);
    // Asked from Node, which knows the shop by its address rather than by the browser's localhost.
    const served = await page.request.get(new URL(new URL(src ?? '').pathname, api).href);
    expect(served.status()).toBe(200);
    expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 400, height: 225 });
  });

  expect(policyViolations).toEqual([]);
});
