import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { formatRupees } from '../../contract/format';
import type { Collection, Room } from '../../contract/rooms';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const run = Math.random().toString(36).slice(2, 7);

let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await signIn(admin, baseUrl, ADMIN);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

async function inStockProduct(): Promise<Product> {
  const res = await fetch(`${baseUrl}/api/products/?category=sofas&limit=50`);
  const list = (await res.json()) as Product[];
  return list.find((p) => p.in_stock && p.stock_kind === 'made_to_order')!;
}

/** In-stock products in no collection, of other names than `not` (a collection made by a story takes only these). */
async function looseProducts(not: Product): Promise<Product[]> {
  const list = (await (await fetch(`${baseUrl}/api/products/?limit=500`)).json()) as Product[];
  return list.filter((p) => p.in_stock && p.collection === null && p.slug !== not.slug && !p.name.includes(not.name));
}

/** A picker's search box and its list of matches, found as a person does: by the field's label. */
const pickerOf = (scope: Locator, label: string) => ({
  box: scope.getByRole('combobox', { name: label, exact: true }),
  option: (product: Product) =>
    scope.getByRole('listbox', { name: `${label}: matches` }).getByRole('option', { name: new RegExp(`^${escape(product.name)} `) }),
  chosen: scope.getByRole('list', { name: `${label}: chosen` }),
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The visitor's hotspot link on the room's own picture (the page's first figure: the other rooms' follow, and
 * may show the same piece), found by what a screen reader announces: the product's name and price.
 */
const hotspotOf = (page: Page, product: Pick<Product, 'name' | 'price'>) =>
  page
    .getByRole('figure')
    .first()
    .getByRole('link', { name: `${product.name} ${formatRupees(product.price)}` });

describe('rooms with hotspots', () => {
  it('the owner places a hotspot on a room image in the admin and a visitor follows it to the product at 375 px and 1280 px, with the mouse and with the keyboard', async () => {
    const product = await inStockProduct();
    const name = `Veranda ${run}`;
    const slug = `veranda-${run}`;

    // The owner: a new room, its picture uploaded, a hotspot placed with a click, dragged, nudged with the keyboard.
    const page = await admin.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const adminErrors = watchConsole(page);
    await visit(page, `${baseUrl}/dashboard/rooms`);
    await page.getByRole('heading', { level: 1, name: 'Rooms' }).waitFor();
    const form = page.getByRole('form', { name: 'Add room' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 176, g: 132, b: 92 } } })
      .jpeg()
      .toBuffer();
    await form.getByLabel('Room image').setInputFiles({ name: 'veranda.jpg', mimeType: 'image/jpeg', buffer: image });
    const picture = form.getByRole('group', { name: 'Room picture: click to place a hotspot' });
    await picture.locator('img').waitFor();
    const box = (await picture.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    // The new hotspot's product picker has the focus: the owner types part of the name and clicks the match.
    const hotspotPicker = pickerOf(form, 'Hotspot 1: product');
    await expect.poll(() => hotspotPicker.box.evaluate((el) => el === document.activeElement)).toBe(true);
    await hotspotPicker.box.pressSequentially(product.name.split(' ').slice(0, 2).join(' '));
    await hotspotPicker.option(product).click();
    await hotspotPicker.chosen.getByText(product.name).waitFor();
    await expect.poll(() => hotspotPicker.box.inputValue()).toBe('');
    // Dragged to about 40% across, then one step right with the arrow key.
    const spot = form.getByRole('button', { name: /^Hotspot 1: / });
    // Choosing the product may have scrolled the page: the picture is measured again.
    await spot.scrollIntoViewIfNeeded();
    const frame = (await picture.boundingBox())!;
    const start = (await spot.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.4, frame.y + frame.height * 0.45, { steps: 5 });
    await page.mouse.up();
    const x = Number(await form.getByLabel('Hotspot 1: X (%)').inputValue());
    expect(x).toBeGreaterThan(38);
    expect(x).toBeLessThan(42);
    await spot.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await form.getByLabel('Hotspot 1: X (%)').inputValue())).toBeCloseTo(x + 1, 1);
    await form.getByLabel('Hotspot 1: Y (%)').fill('60');
    // What the owner sees on the picture is what visitors will: the product's name and price.
    await spot.getByText(product.name).waitFor({ state: 'attached' });
    // The room's products: the same product, chosen with the keyboard (arrow down to the match, Enter).
    const roomProducts = pickerOf(form, 'Products in this room');
    await roomProducts.box.fill(product.name);
    await roomProducts.option(product).waitFor();
    await roomProducts.box.press('ArrowDown');
    await expect.poll(() => roomProducts.box.getAttribute('aria-activedescendant')).toBe(await roomProducts.option(product).getAttribute('id'));
    await roomProducts.box.press('Enter');
    await roomProducts.chosen.getByText(product.name).waitFor();
    await screenshot(page, 'admin-room-hotspot-1280');
    await form.getByRole('button', { name: 'Add room' }).click();
    await page.getByText('Room created successfully').waitFor();
    await page.getByRole('list', { name: 'Room list' }).getByText(name).waitFor();
    expect(adminErrors).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: `Edit room ${name}` }).click();
    await page
      .getByRole('form', { name: 'Edit room' })
      .getByRole('button', { name: /^Hotspot 1: / })
      .waitFor();
    // On a phone the owner adds a second product to the room with a tap, then removes the first one.
    const [other] = await looseProducts(product);
    const editForm = page.getByRole('form', { name: 'Edit room' });
    const phoneProducts = pickerOf(editForm, 'Products in this room');
    await phoneProducts.chosen.getByText(product.name).waitFor();
    await phoneProducts.box.fill(other!.name);
    await phoneProducts.option(other!).click();
    await phoneProducts.chosen.getByText(other!.name).waitFor();
    await phoneProducts.box.fill(other!.name);
    await phoneProducts.option(other!).waitFor();
    expect(await phoneProducts.option(other!).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-room-picker-375');
    await phoneProducts.box.press('Escape');
    await phoneProducts.chosen.getByRole('button', { name: `Remove ${product.name}` }).click();
    await expect.poll(() => phoneProducts.chosen.getByRole('listitem').count()).toBe(1);
    // Focus stays among the chosen products: on the remaining product's remove button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Remove ${other!.name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-room-hotspot-375');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Room updated successfully').waitFor();
    expect(adminErrors).toEqual([]);
    await page.close();

    const saved = (await (await fetch(`${baseUrl}/api/rooms/${slug}/`)).json()) as Room;
    expect(saved.hotspots).toEqual([
      { x: expect.closeTo(x + 1, 1), y: 60, product: { slug: product.slug, name: product.name, price: product.price } },
    ]);
    expect(saved.products.map((p) => p.slug)).toEqual([other!.slug]);

    // A visitor on a phone: the hotspot is a 44 px target; a tap on it opens the product.
    const visitor = await browser.newContext();
    const phone = await visitor.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    const errors = watchConsole(phone);
    expect((await visit(phone, `${baseUrl}/room/${slug}`))?.status()).toBe(200);
    await phone.getByRole('heading', { level: 1, name }).waitFor();
    const onPhone = hotspotOf(phone, product);
    const size = (await onPhone.boundingBox())!;
    expect(size.width).toBeGreaterThanOrEqual(44);
    expect(size.height).toBeGreaterThanOrEqual(44);
    await screenshot(phone, 'room-hotspot-375');
    await onPhone.click();
    await phone.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(phone.url()).toContain(`/product/${product.slug}`);

    // With the mouse at 1280 px: hovering shows the name and price, a click opens the product.
    const wide = await visitor.newPage();
    await wide.setViewportSize({ width: 1280, height: 900 });
    await visit(wide, `${baseUrl}/room/${slug}`);
    const onWide = hotspotOf(wide, product);
    const label = onWide.getByText(product.name);
    await onWide.hover();
    await expect.poll(() => label.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    await screenshot(wide, 'room-hotspot-hover-1280');
    await onWide.click();
    await wide.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // With the keyboard: Tab reaches the hotspot, which shows its name and price; Enter opens the product.
    await visit(wide, `${baseUrl}/room/${slug}`);
    await wide.mouse.move(0, 0);
    const href = `/product/${product.slug}`;
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await wide.keyboard.press('Tab');
      reached = await wide.evaluate((h) => {
        const el = document.activeElement;
        return el instanceof HTMLAnchorElement && el.getAttribute('href') === h && el.closest('figure') !== null;
      }, href);
    }
    expect(reached).toBe(true);
    await expect
      .poll(() =>
        hotspotOf(wide, product)
          .getByText(product.name)
          .evaluate((el) => getComputedStyle(el.parentElement!).opacity),
      )
      .toBe('1');
    await wide.keyboard.press('Enter');
    await wide.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(errors).toEqual([]);
    await visitor.close();

    // The owner removes the room again.
    const removed = await admin.request.delete(`${baseUrl}/api/rooms/${slug}/`, { headers: { origin: baseUrl } });
    expect(removed.status()).toBe(204);
  });

  it('the owner makes a collection by picking its products by name, at 1280 px and 375 px, and a visitor finds it with its start price', async () => {
    const [first, second] = await looseProducts({ slug: '', name: '\u0000' } as Product);
    const id = `monsoon-${run}`;
    const title = `Monsoon Edit ${run}`;
    const page = await admin.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/dashboard/collections`);
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    const form = page.getByRole('form', { name: 'Add collection' });
    await form.getByLabel('Id', { exact: true }).fill(id);
    await form.getByLabel('Title', { exact: true }).fill(title);
    const picker = pickerOf(form, 'Products');
    await form.getByText('No products chosen yet.').waitFor();
    await picker.box.fill(first!.name);
    await picker.option(first!).click();
    await picker.chosen.getByText(first!.name).waitFor();
    await screenshot(page, 'admin-collection-picker-1280');
    await form.getByRole('button', { name: 'Add collection' }).click();
    await page.getByText('Collection created successfully').waitFor();

    // On a phone she adds a second product with the keyboard alone.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: `Edit collection ${title}` }).click();
    const edit = page.getByRole('form', { name: 'Edit collection' });
    const phone = pickerOf(edit, 'Products');
    await phone.chosen.getByText(first!.name).waitFor();
    await phone.box.focus();
    await page.keyboard.type(second!.name);
    await phone.option(second!).waitFor();
    // The matches of the whole name (not of the first letters typed) are the ones she moves through.
    const matches = edit.getByRole('listbox', { name: 'Products: matches' });
    await expect.poll(() => matches.getAttribute('aria-busy')).toBe('false');
    const options = await matches.getByRole('option').allTextContents();
    for (let i = 0; i <= options.findIndex((o) => o.startsWith(`${second!.name} `)); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await phone.chosen.getByText(second!.name).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-collection-picker-375');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Collection updated successfully').waitFor();
    expect(errors).toEqual([]);
    await page.close();

    const saved = (await (await fetch(`${baseUrl}/api/collections/${id}/`)).json()) as Collection;
    expect(saved.products.map((p) => p.slug).sort()).toEqual([first!.slug, second!.slug].sort());
    expect(saved.starts_from).toBe(Math.min(first!.price, second!.price));
    const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await visit(visitor, `${baseUrl}/collections`);
    await visitor.getByRole('heading', { level: 2, name: title }).waitFor();
    await visitor.close();

    // The pickers' search answers the owner only: a visitor asking for it is sent to log in.
    const search = `${baseUrl}/dashboard/product-choices?q=${encodeURIComponent(first!.name)}`;
    const forOwner = (await (await admin.request.get(search)).json()) as { products: { slug: string }[] };
    expect(forOwner.products.map((p) => p.slug)).toContain(first!.slug);
    const forVisitor = await fetch(search, { redirect: 'manual' });
    expect(forVisitor.status).toBe(302);
    expect(forVisitor.headers.get('location')).toMatch(/^\/login\?next=/);

    const removed = await admin.request.delete(`${baseUrl}/api/collections/${id}/`, { headers: { origin: baseUrl } });
    expect(removed.status()).toBe(204);
  });

  it('on a touch phone at 375 px the Living Room says “Tap a dot”; each dot, tapped, shows the piece it sits on with its price, and a second tap opens it', async () => {
    const room = (await (await fetch(`${baseUrl}/api/rooms/living-room/`)).json()) as Room;
    expect(room.hotspots.length).toBeGreaterThanOrEqual(3);
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/room/living-room`);
    await page.getByRole('heading', { level: 1, name: 'Living Room' }).waitFor();
    await page.getByText('Tap a dot to see the piece and its price; tap it again to open it.').waitFor();
    expect(await page.getByText(/Hover or tab to a dot/).isVisible()).toBe(false);

    // Every dot is a whole 44 px target of its own: none covers another.
    const boxes = await Promise.all(room.hotspots.map(async (spot) => (await hotspotOf(page, spot.product).boundingBox())!));
    for (const [i, a] of boxes.entries()) {
      expect(a.width).toBeGreaterThanOrEqual(44);
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
    }

    // A tap shows that dot's piece and price, and closes the one shown before; the page stays.
    const shown = (product: Room['hotspots'][number]['product']) =>
      hotspotOf(page, product)
        .getByText(product.name)
        .evaluate((el) => getComputedStyle(el.parentElement!).opacity);
    for (const [i, spot] of room.hotspots.entries()) {
      await hotspotOf(page, spot.product).tap();
      await expect.poll(() => shown(spot.product)).toBe('1');
      await hotspotOf(page, spot.product).getByText(formatRupees(spot.product.price)).waitFor();
      if (i > 0) await expect.poll(() => shown(room.hotspots[i - 1]!.product)).toBe('0');
      expect(new URL(page.url()).pathname).toBe('/room/living-room');
      if (i === 0) await screenshot(page, 'room-living-room-tap-375');
    }

    // The open dot, tapped again, opens its piece.
    const last = room.hotspots.at(-1)!.product;
    await hotspotOf(page, last).tap();
    await page.getByRole('heading', { level: 1, name: last.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/product/${last.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home’s Shop by Room leads to each room’s own address, and /collections lists the collections with their start prices', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await visit(page, `${baseUrl}/`);
    const rooms = page.getByRole('region', { name: 'Shop by Room' }).first();
    await rooms.getByRole('link', { name: 'Bed Room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bed Room' }).waitFor();
    expect(page.url()).toContain('/room/bed-room');
    await page.getByRole('heading', { name: 'In this room' }).waitFor();
    await screenshot(page, 'room-bed-room-375');
    expect((await visit(page, `${baseUrl}/room/no-such-room`))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await visit(page, `${baseUrl}/collections`);
    for (const title of ['Significant Essence', 'Elegant Reflections', 'Modern Minimalist', 'Vintage Charm']) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    expect(await page.getByText(/^Starts from ₹/).count()).toBe(4);
    await page.close();
  });
});
