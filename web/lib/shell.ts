/**
 * What a shopper's page may show of her when it is rendered once for every shopper with the same facts and kept
 * (decision 0042): the render has no cookie at all, and its loaders read these from `context.shell` instead. The
 * facts are declared in one registry, server/page/facts.ts (`PERSONAL_FACTS`): a new one is added there.
 */
export type { ShellFacts } from '../../server/services';
