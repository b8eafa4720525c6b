import type { Db } from './client';

/**
 * A hot statement built once per database rather than on every call (decision 0058): drizzle's `.prepare(name)`
 * with `sql.placeholder(…)` for what changes. The query text and its mapping of rows are made once; on PostgreSQL
 * the statement is also parsed and planned once per connection (a named prepared statement), so each call sends
 * only its values. PGlite parses every query anyway; there the saving is drizzle's building.
 *
 * Only for statements run on the database itself: a transaction's statements must go through its own `tx`.
 */
export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
