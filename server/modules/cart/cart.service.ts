import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CART_QUANTITY_MAX,
  newCartCode,
  SHIPPING_OPTIONS,
  type AddItemInput,
  type Cart,
  type CartItem,
  type CartStatus,
} from '../../../contract/cart';
import type { Product } from '../../../contract/catalog';
import type { Db, Tx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { cartItems, carts, productImages, products } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../../contract/money';
import { availableStock } from '../../../contract/stock';
import { cartHolds } from '../stock/stock.service';
import type { CatalogService } from '../catalog/catalog.service';

type CartRow = typeof carts.$inferSelect;
/** Who asks: a signed-in user (by id) or a guest. */
type Viewer = { id: number } | null;

const CART_NOT_FOUND = 'Your cart was not found. It may have been checked out already.';
const cartNotFound = () => new AppError('not_found', CART_NOT_FOUND);
const itemNotFound = () => new AppError('not_found', 'This item is not in your cart.');

export { availableStock } from '../../../contract/stock';

/** A cart by its code, on every cart request and at checkout: prepared (decision 0058). */
const cartByCode = preparedOn((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.cartCode, sql.placeholder('code')))
    .prepare('cart_by_code'),
);

/** A buyer's open cart (her latest), on every signed-in page: prepared (decision 0058). */
const openCartOfUser = preparedOn((db) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), eq(carts.status, 'open')))
    .orderBy(desc(carts.updatedAt), desc(carts.id))
    .limit(1)
    .prepare('open_cart_of_user'),
);

export function createCartService(db: Db, catalog: CatalogService) {
  async function openCartOf(userId: number): Promise<CartRow | undefined> {
    const [row] = await openCartOfUser(db).execute({ userId });
    return row;
  }

  /** Moves a guest cart's lines into the user's open cart, once, even when two requests race. */
  async function mergeGuestCart(guest: CartRow, target: CartRow, userId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .update(carts)
        .set({ status: 'merged', userId, mergedIntoId: target.id, updatedAt: new Date() })
        .where(and(eq(carts.id, guest.id), eq(carts.status, 'open'), isNull(carts.userId)))
        .returning({ id: carts.id });
      if (claimed.length === 0) return false;
      const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id));
      for (const line of lines) {
        await tx
          .insert(cartItems)
          .values({ cartId: target.id, productId: line.productId, finish: line.finish, quantity: Math.min(line.quantity, CART_QUANTITY_MAX) })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId, cartItems.finish],
            set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})` },
          });
      }
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, target.id));
      return true;
    });
  }

  async function insertCart(code: string, userId: number | null): Promise<CartRow> {
    await db.insert(carts).values({ cartCode: code, userId }).onConflictDoNothing({ target: carts.cartCode });
    const [row] = await db.select().from(carts).where(eq(carts.cartCode, code));
    if (!row || (row.userId !== null && row.userId !== userId)) throw cartNotFound();
    return row;
  }

  /**
   * The open cart a request works on. A cart code is a capability (API.md): whoever holds the code of an
   * open cart may read it and change its lines, with or without a token, so the existing client whose
   * access token has expired still sees its user's cart (checkout still needs the user). A logged-in user
   * always works on their one open cart: a guest cart they use is merged into it (into a new one with a
   * fresh code when they have none) and closed; the guest code goes on leading to that one cart while it is
   * open (`mergedInto`), so the user's other device keeps its cart after its token expires, and to nothing
   * else of the user's. Another user's cart looks exactly like a missing one.
   */
  async function resolveCart(code: string, user: Viewer, create: boolean): Promise<CartRow | null> {
    const [row] = await cartByCode(db).execute({ code });
    if (!user) {
      if (!row) return create ? insertCart(code, null) : null;
      if (row.status === 'open') return row;
      return row.status === 'merged' ? mergedInto(row) : null;
    }
    if (row && row.userId !== null && row.userId !== user.id) return null;
    if (row && row.userId === user.id && row.status === 'open') return row;
    const own = await openCartOf(user.id);
    if (row && row.userId === null && row.status === 'open') {
      const fresh = own ? null : await insertCart(newCartCode(), user.id);
      const target = own ?? fresh!;
      if (await mergeGuestCart(row, target, user.id)) return target;
      // Another request merged it first (into the cart it made): that one is the user's cart.
      if (fresh) await db.delete(carts).where(eq(carts.id, fresh.id));
      return (await openCartOf(user.id)) ?? null;
    }
    if (own) return own;
    if (!row && create) return insertCart(code, user.id);
    return null;
  }

  /**
   * The cart a merged guest cart went into, while it is open: the device that still holds the guest code (its
   * user's access token expired) keeps its cart. That cart only, never the user's later carts.
   */
  async function mergedInto(row: CartRow): Promise<CartRow | null> {
    if (row.mergedIntoId === null) return null;
    const [target] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.id, row.mergedIntoId), eq(carts.status, 'open')));
    return target && target.userId === row.userId ? target : null;
  }

  async function requireCart(code: string, user: Viewer, create = false): Promise<CartRow> {
    const cart = await resolveCart(code, user, create);
    if (!cart) throw cartNotFound();
    return cart;
  }

  async function statusOf(cart: CartRow): Promise<CartStatus> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.id));
    return { id: cart.id, cart_code: cart.cartCode, number_of_items: row?.n ?? 0 };
  }

  async function productsOf(ids: number[]): Promise<Map<number, Product>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, ids));
    const list = await Promise.all(rows.map((r) => catalog.getProduct(r.slug)));
    return new Map(list.map((p) => [p.id, p]));
  }

  function toCartItem(line: typeof cartItems.$inferSelect, product: Product): CartItem {
    // In paise: rupee floats times a quantity drift (2450.99 × 3 is 7352.969999999999).
    // The line shows the piece in the finish chosen, when there is a picture of it in that finish.
    const image = product.finish_images.find((f) => f.finish === line.finish)?.image ?? product.image;
    return {
      id: line.id,
      product,
      quantity: line.quantity,
      finish: line.finish,
      image,
      total: paiseToRupees(rupeesToPaise(product.price) * line.quantity),
    };
  }

  async function linesOf(cartId: number): Promise<CartItem[]> {
    const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const byId = await productsOf([...new Set(lines.map((l) => l.productId))]);
    return lines.flatMap((l) => {
      const p = byId.get(l.productId);
      return p ? [toCartItem(l, p)] : [];
    });
  }

  /** The item with this id in the caller's cart: by code, or (logged in, no code) in their open cart. */
  async function findItem(user: Viewer, itemId: number, code: string | undefined) {
    let cart: CartRow | null;
    if (code) cart = await resolveCart(code, user, false);
    else if (user) cart = (await openCartOf(user.id)) ?? null;
    else throw invalid({ cart_code: ['This field is required.'] }, 'Send the cart_code of your cart.');
    if (!cart) throw itemNotFound();
    const [line] = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)));
    if (!line) throw itemNotFound();
    return { cart, line };
  }

  async function checkStock(cartId: number, productId: number, extra: number, replacingLineId?: number) {
    const [p] = await db
      .select({
        name: products.name,
        inStock: products.inStock,
        stockKind: products.stockKind,
        stockQuantity: products.stockQuantity,
        reservedQuantity: products.reservedQuantity,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!p) throw notFound('This product');
    // Pieces this cart's own pending order holds are the buyer's: they do not count against them.
    const own = (await cartHolds(db, cartId, [productId])).get(productId) ?? 0;
    const available = availableStock({ ...p, reservedQuantity: Math.max(p.reservedQuantity - own, 0) });
    if (available <= 0) throw conflict(`${p.name} is out of stock.`);
    // Made to order: no stock limit beyond the cart's own cap per line.
    if (p.stockKind === 'made_to_order') return;
    const lines = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
    const inCart = lines.filter((l) => l.id !== replacingLineId).reduce((s, l) => s + l.quantity, 0);
    if (inCart + extra > available)
      throw conflict(
        `Only ${available} of ${p.name} ${available === 1 ? 'is' : 'are'} in stock${inCart ? ` and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart` : ''}.`,
      );
  }

  return {
    resolveCart,
    requireCart,
    linesOf,

    async productInCart(code: string, productId: number, user: Viewer): Promise<boolean> {
      const cart = await resolveCart(code, user, false);
      if (!cart) return false;
      const [hit] = await db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)))
        .limit(1);
      return Boolean(hit);
    },

    async addItem(user: Viewer, input: AddItemInput): Promise<CartItem> {
      const quantity = input.quantity ?? 1;
      const [product] = await db
        .select({ id: products.id, finishes: products.finishes, slug: products.slug })
        .from(products)
        .where(eq(products.id, input.product_id));
      if (!product) throw notFound('This product');
      let finish = input.finish ?? '';
      if (product.finishes.length === 0) {
        if (finish) throw invalid({ finish: ['This product comes in one finish only.'] });
      } else if (!finish) {
        finish = product.finishes[0]!;
      } else {
        const match = product.finishes.find((f) => f.toLowerCase() === finish.toLowerCase());
        if (!match) throw invalid({ finish: [`Choose one of: ${product.finishes.join(', ')}.`] });
        finish = match;
      }
      const cart = await requireCart(input.cart_code, user, true);
      const [existing] = await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, product.id), eq(cartItems.finish, finish)));
      if ((existing?.quantity ?? 0) + quantity > CART_QUANTITY_MAX)
        throw invalid({ quantity: [`You can have at most ${CART_QUANTITY_MAX} of one item in your cart.`] });
      await checkStock(cart.id, product.id, quantity);
      const [line] = await db
        .insert(cartItems)
        .values({ cartId: cart.id, productId: product.id, finish, quantity })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId, cartItems.finish],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
          // Two tabs adding at once must not push a line past the cap.
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_QUANTITY_MAX}`,
        })
        .returning();
      if (!line) throw invalid({ quantity: [`You can have at most ${CART_QUANTITY_MAX} of one item in your cart.`] });
      await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return toCartItem(line, await catalog.getProduct(product.slug));
    },

    async status(code: string, user: Viewer): Promise<CartStatus> {
      return statusOf(await requireCart(code, user));
    },

    /** The status, or a count of 0 when there is no open cart for this code or user. */
    async statusOrEmpty(code: string, user: Viewer): Promise<CartStatus | { id: null; cart_code: string; number_of_items: 0 }> {
      const cart = await resolveCart(code, user, false);
      return cart ? statusOf(cart) : { id: null, cart_code: code, number_of_items: 0 };
    },

    /**
     * What a shopper's browsing pages show of her cart (decision 0042): the pieces in it and its lines' products and
     * finishes, with the id of the cart read. A signed-in user's is her one open cart; a guest's the one her code
     * finds (a merged cart's, the cart it went into while it is open). It never merges nor makes a cart.
     */
    async glance(code: string | null, user: Viewer): Promise<{ cartIds: number[]; count: number; lines: { productId: number; finish: string }[] }> {
      const cart = user ? ((await openCartOf(user.id)) ?? null) : code ? await resolveCart(code, null, false) : null;
      if (!cart) return { cartIds: [], count: 0, lines: [] };
      const lines = await db
        .select({ productId: cartItems.productId, finish: cartItems.finish, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id));
      return {
        cartIds: [cart.id],
        count: lines.reduce((sum, line) => sum + line.quantity, 0),
        lines: lines.map(({ productId, finish }) => ({ productId, finish })),
      };
    },

    async getCart(code: string, user: Viewer): Promise<Cart> {
      const cart = await requireCart(code, user);
      const items = await linesOf(cart.id);
      return {
        id: cart.id,
        cart_code: cart.cartCode,
        items,
        sum_of_items: paiseToRupees(items.reduce((s, i) => s + rupeesToPaise(i.product.price) * i.quantity, 0)),
        num_of_items: items.reduce((s, i) => s + i.quantity, 0),
      };
    },

    async updateQuantity(user: Viewer, input: { item_id: number; quantity: number; cart_code?: string }): Promise<CartItem> {
      const { cart, line } = await findItem(user, input.item_id, input.cart_code);
      if (input.quantity > line.quantity) await checkStock(cart.id, line.productId, input.quantity, line.id);
      const [updated] = await db.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, line.id)).returning();
      if (!updated) throw itemNotFound();
      const [p] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, line.productId));
      if (!p) throw itemNotFound();
      return toCartItem(updated, await catalog.getProduct(p.slug));
    },

    async deleteItem(user: Viewer, input: { item_id: number; cart_code?: string }): Promise<void> {
      const { line } = await findItem(user, input.item_id, input.cart_code);
      await db.delete(cartItems).where(eq(cartItems.id, line.id));
    },

    shippingOptions: () => SHIPPING_OPTIONS.map((o) => ({ ...o })),

    /**
     * For checkout: the cart's row locked for the caller's transaction (requests for one cart queue on it),
     * answering its status.
     */
    async lock(tx: Tx, cartId: number): Promise<string | null> {
      const [locked] = await tx.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId)).for('update');
      return locked?.status ?? null;
    },

    /** For checkout: the cart's lines priced from the catalogue, with the stock each may take. */
    pricedLines(cartId: number) {
      return db
        .select({
          productId: products.id,
          name: products.name,
          slug: products.slug,
          pricePaise: products.pricePaise,
          inStock: products.inStock,
          stockKind: products.stockKind,
          stockQuantity: products.stockQuantity,
          reservedQuantity: products.reservedQuantity,
          quantity: cartItems.quantity,
          finish: cartItems.finish,
          /** The product's first picture, which the order's line keeps. */
          image: sql<
            string | null
          >`(SELECT ${productImages.image} FROM ${productImages} WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.position}, ${productImages.id} LIMIT 1)`,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.productId), asc(cartItems.finish));
    },

    /**
     * What was paid for leaves the cart. Pieces the buyer added (or a quantity raised) after the payment started
     * stay, and the cart stays open: nothing unpaid is dropped silently. Answers the pieces left in the cart.
     */
    async settle(tx: Tx, cartId: number, paid: { productId: number | null; finish: string; quantity: number }[]): Promise<number> {
      const inCart = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
      const rest = inCart.map((c) => ({
        line: c,
        left: c.quantity - paid.filter((p) => p.productId === c.productId && p.finish === c.finish).reduce((sum, p) => sum + p.quantity, 0),
      }));
      const left = rest.reduce((sum, r) => sum + Math.max(r.left, 0), 0);
      if (left === 0) {
        await tx
          .update(carts)
          .set({ status: 'ordered', updatedAt: new Date() })
          .where(and(eq(carts.id, cartId), eq(carts.status, 'open')));
        return 0;
      }
      for (const r of rest) {
        if (r.left <= 0) await tx.delete(cartItems).where(eq(cartItems.id, r.line.id));
        else if (r.left !== r.line.quantity) await tx.update(cartItems).set({ quantity: r.left }).where(eq(cartItems.id, r.line.id));
      }
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
      return left;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
