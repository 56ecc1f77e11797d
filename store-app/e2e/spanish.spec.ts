import { expect, test } from '@playwright/test';

const store = 'http://localhost:5174';
const api = 'http://localhost:3000/api';

test('in Spanish a shopper buys, follows the store, reviews the delivered product, and the settings follow the account', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `hola.${Date.now()}@example.org`;
  const password = 'correct-horse-42';
  const registered = await request.post(`${api}/user/register`, {
    data: { name: 'Lucía Compras', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);

  // A product with a SKU in stock, as the home page lists them.
  const list = await (await request.get(`${api}/product/?page=1&limit=20&country=ES&currency=EUR`)).json();
  let productId = '';
  let productName = '';
  for (const item of list.data as { _id: string }[]) {
    const detail = await (await request.get(`${api}/product/${item._id}?country=ES&currency=EUR`)).json();
    type Sku = {
      sku_available_stock: number;
      ae_sku_property_dtos?: { ae_sku_property_d_t_o?: { sku_image?: string }[] };
    };
    const skus = detail.data.skus as Sku[];
    // The page opens on the first SKU with a picture (else the first): that one must be in stock.
    const opening =
      skus.find((sku) =>
        sku.ae_sku_property_dtos?.ae_sku_property_d_t_o?.some((property) => property.sku_image),
      ) ?? skus[0];
    // Sold by a store, so the shopper can follow it from the page.
    if ((opening?.sku_available_stock ?? 0) > 0 && detail.data.storeId) {
      productId = item._id;
      productName = detail.data.name;
      break;
    }
  }
  expect(productId).not.toBe('');

  const page = await (await browser.newContext()).newPage();
  let placedOrder = { _id: '', orderNumber: '' };

  await test.step('chooses Spanish, Spain and euros in the settings', async () => {
    await page.goto(`${store}/#/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const shipTo = settings.getByRole('combobox', { name: 'Ship to' });
    await shipTo.click();
    await shipTo.fill('Spain');
    await page.getByRole('option', { name: 'Spain (ES)' }).click();
    const currency = settings.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await currency.fill('EUR');
    await page.getByRole('option', { name: /^EUR - / }).click();
    await settings.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('navigation', { name: 'Categorías' }).getByRole('link', { name: 'Electrónica' }),
    ).toBeVisible();
  });

  await test.step('signs in in Spanish', async () => {
    await page.goto(`${store}/#/login`);
    await expect(page.getByText('Hola de nuevo')).toBeVisible();
    await page.getByLabel('Correo, usuario o teléfono').fill(email);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByText('Has iniciado sesión')).toBeVisible();
  });

  await test.step('adds the product to the cart and checks out, prices in euros written the Spanish way', async () => {
    await page.goto(`${store}/#/products/${productId}`);
    const shipping = page.getByRole('region', { name: 'Envío y compra' });
    await expect(shipping.getByText('Enviar a ES')).toBeVisible();
    await expect(page.getByText(/^Precio en EUR: [\d.]+,\d\d\s€$/)).toBeVisible();
    await shipping.getByRole('button', { name: 'Añadir al carrito' }).click();
    await expect(page.getByText('¡Producto añadido al carrito!')).toBeVisible();
    await page.getByRole('link', { name: 'Carrito, 1 artículo' }).click();
    await expect(page.getByRole('heading', { name: 'Carrito de compra' })).toBeVisible();
    await page.getByRole('button', { name: 'Tramitar pedido' }).click();

    await expect(page.getByRole('heading', { name: 'Realiza tu pedido' })).toBeVisible();
    await page.getByLabel(/^Nombre completo/).fill('Lucía Compras');
    await page.getByRole('textbox', { name: /^Dirección/ }).fill('Calle de Alcalá 42');
    await page.getByLabel(/^Ciudad/).fill('Madrid');
    await page.getByLabel(/^Provincia \/ Estado/).fill('Madrid');
    await expect(page.getByRole('combobox', { name: 'País' })).toHaveValue('España');
    await page.getByLabel(/^Código postal/).fill('28014');
    await page.getByLabel(/^Prefijo telefónico/).fill('+34');
    await page.getByLabel(/^Número de móvil/).fill('612345678');
    await page.getByRole('radio', { name: 'PayPal' }).check();
    const placed = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    const order = (await answer.json()).data as { _id: string; orderNumber: string; currency: string };
    expect(order.currency).toBe('EUR');
    await expect(page.getByText('¡Pedido realizado con éxito!').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mis pedidos' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: `Pedido ${order.orderNumber}` })).toBeVisible();
    placedOrder = order;
  });

  await test.step('follows the store from the product page and finds it among the followed stores', async () => {
    await page.goto(`${store}/#/products/${productId}`);
    const soldBy = page.getByRole('group', { name: 'Vendido por' });
    const storeName = (await soldBy.getByRole('link').textContent()) ?? '';
    await soldBy.getByRole('button', { name: `Seguir a ${storeName}` }).click();
    await expect(soldBy.getByRole('button', { name: `Dejar de seguir a ${storeName}` })).toBeVisible();
    await page.goto(`${store}/#/profile/wishlist-and-followed-stores`);
    const followed = page.getByRole('list', { name: 'Tiendas seguidas' });
    await expect(followed.getByRole('link', { name: storeName })).toBeVisible();
  });

  await test.step('once the order is delivered, reviews the product and sees the review on its page', async () => {
    const staff = await (
      await request.post(`${api}/admin/login`, {
        data: { email: 'admin@example.com', password: 'admin12345' },
      })
    ).json();
    const staffToken = (staff.token ?? staff.data?.token) as string;
    for (const step of [
      { status: 'Confirmed' },
      { status: 'Shipped', carrier: 'Correos', trackingNumber: 'ES00123456789' },
      { status: 'Delivered' },
    ]) {
      const moved = await request.post(`${api}/orders/${placedOrder._id}/status`, {
        headers: { Authorization: `Bearer ${staffToken}` },
        data: step,
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    const comment = 'Llegó rápido y bien embalado.';
    await page.goto(`${store}/#/profile/my-reviews`);
    await page.getByRole('button', { name: `Escribir una reseña de ${productName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Escribir una reseña' });
    const fourStars = await dialog.getByRole('radio', { name: '4 estrellas' }).getAttribute('id');
    await dialog.locator(`label[for="${fourStars}"]`).click();
    await dialog.getByLabel('Tu reseña').fill(comment);
    await dialog.getByRole('button', { name: 'Enviar reseña' }).click();
    await expect(page.getByText('¡Gracias por tu reseña!')).toBeVisible();
    await page.goto(`${store}/#/products/${productId}`);
    await expect(page.getByRole('region', { name: 'Reseñas' }).getByText(comment)).toBeVisible();
  });

  await test.step('on another device, signing in brings Spanish back', async () => {
    const other = await (await browser.newContext()).newPage();
    await other.goto(`${store}/#/login`);
    await expect(other.getByText('Welcome Back')).toBeVisible();
    await other.getByLabel(/email/i).fill(email);
    await other.getByLabel(/password/i).fill(password);
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'es');
    // The sign-in page sends a signed-in shopper home a second later; going on before that, that move can land
    // after ours and leave the shopper at home (flaky on a busy machine).
    await expect(other).toHaveURL(`${store}/`);
    await other.goto(`${store}/#/profile/settings`);
    await expect(other.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
    await expect(other.getByRole('combobox', { name: 'Moneda' })).toHaveValue(/^EUR - /);
  });
});
