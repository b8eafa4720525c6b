/**
 * The database schema, one file per area (decision 0037): each table has an owner. Code imports it from here.
 */
export * from './columns';
export * from './accounts';
export * from './catalog';
export * from './rooms';
export * from './content';
export * from './cart';
export * from './addresses';
export * from './orders';
export * from './stock';
export * from './money';
export * from './invoices';
export * from './after-sale';
export * from './mail';
export * from './consultations';
export * from './delivery';
export * from './search';
export * from './quotes';
export * from './reviews';
export * from './saved';
export * from './backups';
