import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/main-layout.tsx', [
    index('routes/home.tsx'),
    route('shop', 'routes/shop.tsx'),
    route('search', 'routes/search.tsx'),
    route('RDship', 'routes/ready-to-ship.tsx'),
    // Paths match regardless of case, so /category/beds is served here too.
    route('Category/:category', 'routes/category.tsx'),
    route('Subcategory', 'routes/subcategory.tsx'),
    route('product/:slug', 'routes/product.tsx'),
    route('room', 'routes/room.tsx'),
    route('collect', 'routes/collect.tsx'),
    route('collections', 'routes/collections.tsx'),
    route('blogs/:id', 'routes/blog.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('design_solution', 'routes/design-solution.tsx'),
    route('Bfurniture', 'routes/bespoke.tsx'),
    route('page', 'routes/info-page.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('shipping-delivery', 'routes/shipping.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('orderstatus', 'routes/order-status.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('orderaddress', 'routes/order-address.tsx'),
    route('order-confirmation/:orderId?', 'routes/order-confirmation.tsx'),
    route('orderdetails', 'routes/order-details.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('login', 'routes/login.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The checkout's payment steps: an action without a page of its own.
  route('checkout', 'routes/checkout.tsx'),
  // The admin panel has its own frame, outside the shop's layout (spec).
  route('dashboard', 'routes/dashboard.tsx'),
] satisfies RouteConfig;
