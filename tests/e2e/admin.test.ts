import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { formatINR, formatRupees } from '../../contract/format';
import { reload, screenshot, visit, watchConsole } from '../support/browser';
import {
  baseUrl,
  run,
  browser,
  picture,
  openPanel,
  catalogue,
  apiJson,
  productNamed,
  paidOrder,
  abandonedAttempt,
  expectWhole,
  pageOverflow,
  startAdminBrowser,
} from '../support/admin-browser';

startAdminBrowser();

describe('the owner runs the shop from /dashboard', () => {
  it('a superuser sees the overview, also after a hard reload, and the panel fits a phone', async () => {
    const { page, errors } = await openPanel();
    await reload(page);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('img', { name: /^Orders, last 30 days/ }).waitFor();
    await page.getByRole('img', { name: /^Revenue, last 30 days/ }).waitFor();
    for (const label of ['Orders waiting', 'Unread messages', 'Products out of stock'])
      await page.getByRole('link', { name: new RegExp(label) }).waitFor();
    // Outside the shop's layout: no shop header or footer.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, 'overview-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Products', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'products-375');
    expect(errors).toEqual([]);
    await page.close();

    // Every section fits a phone and a laptop without sideways scrolling (and, with SCREENSHOT_DIR, is kept as a
    // picture): a tab at each width goes through them all, the two at once.
    const fits = async (width: number) => {
      const { page, errors } = await openPanel(undefined, width);
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products', exact: true }).click();
      for (const tab of ['Products', 'Categories', 'Subcategories', 'Ready to Ship', 'Import / export']) {
        await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: tab, exact: true }).click();
        await page
          .getByRole('navigation', { name: 'Catalogue' })
          .locator('[aria-current="page"]', { hasText: new RegExp(`^${tab}$`) })
          .waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageOverflow(page), `Products › ${tab} at ${width}px`).toBeLessThanOrEqual(0);
      }
      for (const section of [
        'Overview',
        'Orders',
        'Messages',
        'Blogs',
        'Home banner',
        'Testimonials',
        'Featured video',
        'Promo banners',
        'Delivery',
        'Tax and invoices',
      ]) {
        await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: section, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: section }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageOverflow(page), `${section} at ${width}px`).toBeLessThanOrEqual(0);
        await screenshot(page, `${section.toLowerCase().replace(/ /g, '-')}-${width}`);
      }
      expect(errors, `at ${width}px`).toEqual([]);
      await page.close();
    };
    await Promise.all([375, 1280].map(fits));
  }, 180_000); // every section at two widths: some 40 s here, more on a busy machine

  it('an owner on a phone (375 px) and a laptop (1280 px) sees every product’s price, stock and buttons, and every order’s total and status, without sideways scrolling', async () => {
    const order = await paidOrder();
    const { body: products } = await apiJson<Product[]>('/api/products/?limit=3');
    // Each width in a tab of its own, the two at once.
    const fits = async (width: number) => {
      const { page, errors } = await openPanel('Products', width);
      const list = page.getByRole('list', { name: 'Product list' });
      for (const p of products.slice(0, 3)) {
        const row = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${p.name}`, exact: true }) });
        const price = row.getByText(formatRupees(p.price)).first();
        await price.waitFor({ state: 'attached' });
        await expectWhole(price, `${p.name}: price at ${width}px`);
        const stock = !p.on_sale
          ? 'Off sale'
          : p.stock_kind === 'made_to_order'
            ? 'Made to order'
            : p.in_stock
              ? `${p.stock_quantity} in stock`
              : 'Sold out';
        await expectWhole(row.getByText(stock).first(), `${p.name}: stock at ${width}px`);
        await expectWhole(row.getByRole('button', { name: `Edit ${p.name}`, exact: true }), `${p.name}: Edit at ${width}px`);
        await expectWhole(row.getByRole('button', { name: `Delete ${p.name}`, exact: true }), `${p.name}: Delete at ${width}px`);
      }
      await expectWhole(page.getByRole('form', { name: 'Add product' }).getByRole('button', { name: 'Add product' }), `Add product at ${width}px`);
      expect(await pageOverflow(page), `products at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `products-list-${width}`);

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Orders', exact: true }).click();
      const table = page.getByRole('table', { name: 'Orders' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Open order ${order.number}` }) });
      const number = row.getByRole('link', { name: `Open order ${order.number}` });
      await number.waitFor();
      await expectWhole(number, `order number at ${width}px`);
      // The order number stays on one line.
      const lines = await number.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, `order number lines at ${width}px`).toBe(1);
      await expectWhole(row.getByText(formatINR(Number(order.total_amount)), { exact: true }), `order total at ${width}px`);
      await expectWhole(row.getByText('Paid', { exact: true }), `order status at ${width}px`);
      expect(await pageOverflow(page), `orders at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `orders-list-${width}`);

      await number.click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      await expectWhole(page.getByRole('button', { name: 'Update status' }), `Update status at ${width}px`);
      expect(await pageOverflow(page), `order detail at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `order-detail-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    };
    await Promise.all([375, 1280].map(fits));
  });

  it('a superuser creates a category, a subcategory and a product with two images, edits it without touching its images, and deletes it after confirming', async () => {
    const category = `Garden Benches ${run}`;
    const subcategory = `Park Benches ${run}`;
    const name = `Teak Park Bench ${run}`;
    const { page, errors } = await openPanel('Products');

    // Category
    await catalogue(page, 'Categories');
    const categoryForm = page.getByRole('form', { name: 'Add category' });
    await categoryForm.getByRole('button', { name: 'Add category' }).click();
    await categoryForm.getByText('Name is required').waitFor();
    await categoryForm.getByLabel('Name').fill(category);
    await categoryForm.getByLabel('Description').fill('Benches for verandas and gardens.');
    await categoryForm.getByLabel('Image').setInputFiles(await picture('png', { r: 150, g: 100, b: 60 }, 'category.png'));
    await categoryForm.getByRole('img', { name: /New image 1/ }).waitFor();
    await categoryForm.getByRole('button', { name: 'Add category' }).click();
    const created = page.getByText('Category created successfully');
    await created.waitFor();
    await page.getByRole('button', { name: `Edit category ${category}` }).waitFor();
    // The notification goes away by itself (the shop's one toast system).
    await created.waitFor({ state: 'hidden', timeout: 8000 });

    // Subcategory
    await catalogue(page, 'Subcategories');
    const subForm = page.getByRole('form', { name: 'Add subcategory' });
    await subForm.getByRole('button', { name: 'Add subcategory' }).click();
    await subForm.getByText('Name is required').waitFor();
    await subForm.getByText('Category is required').waitFor();
    await subForm.getByLabel('Name').fill(subcategory);
    await subForm.getByLabel('Category').selectOption({ label: category });
    await subForm.getByRole('button', { name: 'Add subcategory' }).click();
    await page.getByText('Subcategory created successfully').waitFor();
    await page.getByRole('button', { name: `Edit subcategory ${subcategory}` }).waitFor();

    // Product: the spec's client-side messages first
    await catalogue(page, 'Products');
    const form = page.getByRole('form', { name: 'Add product' });
    expect(await form.getByLabel('Subcategory').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Add product' }).click();
    for (const message of ['Name is required', 'Valid price is required', 'Category is required']) await form.getByText(message).waitFor();
    await form.getByLabel('Name').fill(name);
    expect(await form.getByText('Name is required').count()).toBe(0);
    await form.getByLabel('Price (₹)').fill('24999');
    await form.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await expect.poll(() => form.getByLabel('Subcategory').isDisabled()).toBe(false);
    await expect.poll(() => form.getByLabel('Subcategory').locator('option').allTextContents()).toContain(subcategory);
    await form.getByLabel('Subcategory').selectOption({ label: subcategory });
    // A new piece is made to order (no count) unless the owner says it is counted stock.
    expect(await form.getByLabel('How it is sold').inputValue()).toBe('made_to_order');
    expect(await form.getByLabel('Pieces in stock').count()).toBe(0);
    await form.getByLabel('How it is sold').selectOption('ready_stock');
    await form.getByLabel('Pieces in stock').fill('4');
    await form.getByLabel('Description').fill('A two-seater bench in oiled teak.');
    await form.getByLabel('Length', { exact: true }).fill('150');
    await form.getByLabel('Breadth', { exact: true }).fill('55');
    await form.getByLabel('Height', { exact: true }).fill('85');
    // Its shipping: a packed weight and size (a counted piece has no production weeks to give).
    expect(await form.getByLabel('Production weeks, from').count()).toBe(0);
    await form.getByLabel('Weight (kg)').fill('38.5');
    await form.getByLabel('Packed length (cm)').fill('160');
    await form.getByLabel('Packed width (cm)').fill('60');
    await form.getByLabel('Packed height (cm)').fill('90');
    await form.getByLabel('New finish').fill('Natural Teak');
    await form.getByRole('button', { name: 'Add finish' }).click();
    await form.getByLabel('New finish').fill('Walnut');
    await form.getByLabel('New finish').press('Enter');
    await form.getByRole('button', { name: 'Remove finish Walnut' }).waitFor();
    // A hand-typed JSON that does not parse is refused with the spec's message.
    await form.getByRole('button', { name: 'Edit as JSON' }).click();
    await form.getByLabel('Finishes (JSON)').fill('["Natural Teak", "Walnut"');
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByText('Invalid JSON format').waitFor();
    await form.getByLabel('Finishes (JSON)').fill('["Natural Teak", "Walnut"]');
    await form.getByRole('button', { name: 'Use the form' }).click();
    await form.getByRole('button', { name: 'Remove finish Walnut' }).waitFor();
    await form
      .getByLabel('Images')
      .setInputFiles([
        await picture('png', { r: 160, g: 110, b: 60 }, 'bench-front.png'),
        await picture('jpeg', { r: 90, g: 60, b: 30 }, 'bench-side.jpg'),
      ]);
    expect(await form.getByRole('list', { name: 'Images preview' }).getByRole('img').count()).toBe(2);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/products/') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add product' }).click();
    expect((await uploaded).status()).toBe(201);
    await page.getByText('Product created successfully').waitFor();
    await screenshot(page, 'product-created-1280');

    const product = await productNamed(name);
    expect(product).toBeDefined();
    expect(product!.images).toHaveLength(2);
    expect(product!.category.name).toBe(category);
    expect(product!.subcategory?.name).toBe(subcategory);
    expect(product!.dimensions).toEqual({ length: 150, breadth: 55, height: 85 });
    expect(product!.finishes).toEqual(['Natural Teak', 'Walnut']);
    expect(product!.price).toBe(24999);
    expect(product).toMatchObject({ stock_kind: 'ready_stock', stock_quantity: 4, in_stock: true });
    // Charged as its volume (160 × 60 × 90 / 5000 = 172.8 kg), larger than its 38.5 kg.
    expect(product).toMatchObject({ shipping_weight_kg: 38.5, packed_size: { length: 160, width: 60, height: 90 }, chargeable_weight_kg: 172.8 });

    // On the storefront at once
    const shop = await browser.newPage();
    const shopErrors = watchConsole(shop);
    expect((await visit(shop, `${baseUrl}/product/${product!.slug}`))?.status()).toBe(200);
    await shop.getByRole('heading', { level: 1, name }).waitFor();
    expect((await visit(shop, `${baseUrl}/Category/${product!.category.slug}`))?.status()).toBe(200);
    await shop.getByRole('link', { name: subcategory }).first().click();
    await shop.waitForURL(/\/Subcategory\?subcategory=/);
    await shop
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor();
    expect(shopErrors).toEqual([]);

    // Edit without touching the images: they are kept
    await page.getByLabel('Search products').fill(name);
    const editButton = page.getByRole('button', { name: `Edit ${name}` });
    await editButton.waitFor();
    await editButton.click();
    const editForm = page.getByRole('form', { name: 'Edit product' });
    await expect.poll(() => editForm.getByLabel('Name').inputValue()).toBe(name);
    expect(await editForm.getByLabel('Subcategory').inputValue()).toBe(product!.subcategory!.slug);
    expect(await editForm.getByRole('list', { name: 'Current images' }).getByRole('listitem').count()).toBe(2);
    await editForm.getByLabel('Price (₹)').fill('22999');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Product updated successfully').waitFor();
    await page.getByRole('form', { name: 'Add product' }).waitFor();
    const edited = await productNamed(name);
    expect(edited!.price).toBe(22999);
    expect(edited!.images.map((i) => i.image)).toEqual(product!.images.map((i) => i.image));

    // Reorder the images: the second becomes the first
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const reorderForm = page.getByRole('form', { name: 'Edit product' });
    await reorderForm.getByRole('button', { name: 'Move image 2 up' }).click();
    // The first save's notice may still be up (3 s): wait for this save's answer, then its own notice.
    const saved = page.waitForResponse((r) => /\/api\/products\//.test(r.url()) && ['PUT', 'PATCH'].includes(r.request().method()));
    await reorderForm.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).ok()).toBe(true);
    await page.getByText('Product updated successfully').last().waitFor();
    const reordered = await productNamed(name);
    expect(reordered!.images.map((i) => i.image)).toEqual([product!.images[1]!.image, product!.images[0]!.image]);

    // Cancel leaves edit mode without saving
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('form', { name: 'Edit product' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('form', { name: 'Add product' }).waitFor();

    // Delete asks first
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this product?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await productNamed(name)).toBeDefined();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Product deleted successfully').waitFor();
    expect(await productNamed(name)).toBeUndefined();
    expect((await visit(shop, `${baseUrl}/product/${product!.slug}`))?.status()).toBe(404);
    await shop.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a superuser replaces the home banner and the featured video, pasting a share link', async () => {
    const { page, errors } = await openPanel('Home banner');
    const before = await apiJson<{ image: string }>('/api/homebanner/');
    const form = page.getByRole('form', { name: 'Upload home banner' });
    await form.getByRole('button', { name: 'Upload banner' }).click();
    await form.getByText('Please choose an image to upload.').waitFor();
    await form.getByLabel('Banner image').setInputFiles(await picture('jpeg', { r: 120, g: 80, b: 40 }, 'banner.jpg'));
    await form.getByRole('img', { name: /New image 1/ }).waitFor();
    await form.getByRole('button', { name: 'Upload banner' }).click();
    await page.getByText('Home banner updated successfully').waitFor();
    const after = await apiJson<{ image: string }>('/api/homebanner/');
    expect(after.status).toBe(200);
    expect(after.body.image).not.toBe(before.body?.image);
    await page
      .getByRole('img', { name: 'Current home banner' })
      .and(page.locator(`[src="${after.body.image}"]`))
      .waitFor();
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).toContain(after.body.image);

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Featured video' }).click();
    const videoForm = page.getByRole('form', { name: 'Set the featured video' });
    await videoForm.getByRole('button', { name: 'Save video' }).click();
    await videoForm.getByText('YouTube URL is required').waitFor();
    await videoForm.getByLabel('YouTube URL').fill('https://vimeo.com/12345');
    await videoForm.getByRole('button', { name: 'Save video' }).click();
    await videoForm.getByText(/Enter a link to a YouTube video/).waitFor();
    // The link YouTube's Share button copies: stored as the watch URL whose `v` the home page reads.
    const url = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
    await videoForm.getByLabel('YouTube URL').fill('  https://youtu.be/aqz-KE-bpKQ?si=Xy12AbCdEf ');
    await videoForm.getByRole('button', { name: 'Save video' }).click();
    await page.getByText('Video updated successfully').waitFor();
    await page.getByRole('link', { name: url }).waitFor();
    expect((await apiJson<{ youtube_url: string }>('/api/latest-video/')).body.youtube_url).toBe(url);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an owner sees paid orders first, abandoned payments under Awaiting payment, and ships an order with its carrier and tracking number, which the buyer sees', async () => {
    const order = await paidOrder();
    const paid = { body: order.payment };
    await abandonedAttempt();
    const counts = async () => {
      const group = page.getByRole('group', { name: 'Show orders' });
      await group.getByRole('button', { name: /^All \(\d+\)$/ }).waitFor();
      const text = (await group.textContent()) ?? '';
      const of = (label: string) => Number(new RegExp(`${label} \\((\\d+)\\)`).exec(text)?.[1]);
      return { paid: of('Paid orders'), pending: of('Awaiting payment'), expired: of('Expired'), all: of('All') };
    };

    const { page, errors } = await openPanel('Orders');
    // Abandoned payment attempts are kept out of the way, counted under their own filter.
    const shown = await counts();
    expect(shown.pending).toBeGreaterThanOrEqual(1);
    expect(shown.all).toBe(shown.paid + shown.pending + shown.expired);
    const table = page.getByRole('table', { name: 'Orders' });
    await table.getByRole('link', { name: `Open order ${order.number}` }).waitFor();
    expect(await table.getByText('Awaiting payment', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Awaiting payment \(\d+\)$/ }).click();
    await table.getByText('Awaiting payment', { exact: true }).first().waitFor();
    expect(await table.getByText('Paid', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Paid orders \(\d+\)$/ }).click();
    await page.getByLabel('Filter orders by status').selectOption({ label: 'Paid' });
    await page.getByLabel('Search orders by number or e-mail').fill(order.number);
    await page.getByRole('link', { name: `Open order ${order.number}` }).click();
    await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    // The order has an address of its own: a reload stays on it.
    expect(new URL(page.url()).pathname).toBe(`/dashboard/orders/${order.id}`);
    await page.getByText(paid.body.razorpay_payment_id!, { exact: true }).waitFor();
    await page.getByText('7 Kalakshetra Road').waitFor();
    const move = async (status: string, extra?: (form: Locator) => Promise<void>) => {
      const form = page.getByRole('form', { name: 'Update order status' });
      await form.getByLabel('Next stage').selectOption({ label: status });
      await extra?.(form);
      await form.getByRole('button', { name: 'Update status' }).click();
      await page.getByText(`Order moved to ${status}.`, { exact: false }).waitFor();
      await page
        .getByRole('heading', { name: `Order ${order.number}` })
        .locator('..')
        .getByText(status, { exact: true })
        .waitFor();
    };
    // A made-to-order piece goes through each of the workshop's stages; a ready-to-ship one skips them.
    if (order.made_to_order) {
      await move('Design sign-off');
      await move('Timber selection');
      await move('Joinery', (form) => form.getByLabel('Note (optional)').fill('Joinery started in the workshop.'));
      await move('Finishing and polish');
      await move('Quality check');
      await move('Ready to dispatch');
    } else {
      await move('Ready to dispatch', (form) => form.getByLabel('Note (optional)').fill('Joinery started in the workshop.'));
    }
    const tracking = `BLR${run.toUpperCase()}2026`;
    // Shipped asks for the carrier and the tracking number before it is sent.
    const form = page.getByRole('form', { name: 'Update order status' });
    await form.getByLabel('Next stage').selectOption({ label: 'Shipped' });
    await form.getByRole('button', { name: 'Update status' }).click();
    await form.getByText('Enter the carrier that takes the parcel.').waitFor();
    await form.getByText('Enter the tracking number the carrier gave.').waitFor();
    await screenshot(page, 'order-shipping-1280');
    await move('Shipped', async (f) => {
      await f.getByLabel('Carrier').fill('Blue Dart');
      await f.getByLabel('Tracking number').fill(tracking);
      // The e-way bill's 12 digits (required above ₹50,000) go with the goods; the order then shows them.
      await f.getByLabel(/^E-way bill number/).fill('3310 1234 5678');
    });
    await page.getByText('331012345678', { exact: true }).waitFor();
    await page.getByText('Joinery started in the workshop.').waitFor();
    await screenshot(page, 'order-1280');

    // The buyer's order page shows the move and the tracking number.
    const buyer = await browser.newPage();
    await visit(buyer, `${baseUrl}/orderstatus?${new URLSearchParams({ number: order.number, email: order.customer.email }).toString()}`);
    await buyer.getByText(tracking).first().waitFor();
    await buyer.getByText('Blue Dart').first().waitFor();
    await buyer.close();

    // The shop told the buyer by e-mail: the outbox shows it.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('navigation', { name: 'Messages' }).getByRole('link', { name: 'Sent e-mails' }).click();
    await page.getByRole('list', { name: 'Sent e-mails' }).getByText(`To ${order.customer.email}`).first().waitFor();
    // The shipped move without a carrier was refused by the server (a 400, which Chromium logs): nothing else failed.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('a superuser reads a contact message and marks it read', async () => {
    const sent = await apiJson('/api/contact/', {
      json: {
        first_name: 'Anil',
        last_name: `Kumar${run}`,
        email: 'anil@example.in',
        phone: '9876543210',
        description: `A teak swing for our balcony (${run}).`,
      },
    });
    expect(sent.status).toBe(201);
    const { page, errors } = await openPanel('Messages');
    const message = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `Kumar${run}` });
    await message.getByText('(unread)').waitFor({ state: 'attached' });
    const read = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/dashboard/messages') && r.request().method() === 'POST');
    await message.getByText(`Anil Kumar${run}`).click();
    expect((await read).status()).toBe(200);
    await message.getByRole('button', { name: 'Mark as unread' }).waitFor();
    expect(await message.getByText('(unread)').count()).toBe(0);
    // Read on the server: a reload shows it read.
    await reload(page);
    await message.getByRole('button', { name: 'Mark as unread', includeHidden: true }).waitFor({ state: 'attached' });
    expect(await message.getByText('(unread)').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a superuser exports the products as CSV and imports a changed sheet after a dry run', async () => {
    const { page, errors } = await openPanel('Products');
    await catalogue(page, 'Import / export');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download products CSV' }).click();
    const exported = readFileSync(await (await download).path(), 'utf8');
    expect(exported.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^slug,name,description,price,/);

    const { body: products } = await apiJson<Product[]>('/api/products/?limit=5');
    const [first, second] = products as [Product, Product];
    const description = `Hand-finished in Chennai (${run}).`;
    const sheet = (rows: string[]) => ({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['slug,description,price', ...rows].join('\r\n')),
    });
    const form = page.getByRole('form', { name: 'Import products' });
    await form.getByLabel('CSV file').setInputFiles(sheet([`${first.slug},"${description}",${first.price}`, `${second.slug},Fine,not-a-price`]));
    await form.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await page.getByRole('heading', { name: 'Dry run: what would change' }).waitFor();
    await page.getByText('1 row with errors').waitFor();
    const bad = page.getByRole('row', { name: /^3 .*Error/ });
    await bad.waitFor();
    expect(await bad.textContent()).toMatch(/price/);
    expect(await page.getByRole('row', { name: /^2 / }).textContent()).toMatch(/Update.*description/);
    expect(await form.getByRole('button', { name: 'Apply the import' }).isDisabled()).toBe(true);

    await form.getByLabel('CSV file').setInputFiles(sheet([`${first.slug},"${description}",${first.price}`]));
    await form.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await page.getByText(/1 to update/).waitFor();
    expect((await productNamed(first.name))?.description).not.toBe(description);
    await form.getByRole('button', { name: 'Apply the import' }).click();
    await page.getByText('Import finished: 0 created, 1 updated.').waitFor();
    const { body: changed } = await apiJson<Product>(`/api/products/${first.slug}/`);
    expect(changed.description).toBe(description);
    expect(changed.price).toBe(first.price);
    expect(errors).toEqual([]);
    await page.close();
  });
});
