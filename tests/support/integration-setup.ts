import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { PGLITE_TEMPLATE } from './paths';
import { buildPgTemplate } from './pg-template';
import { buildPgliteTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string;
  }
}

/** Prepares one migrated, seeded database that every test file clones (PGlite dump, or a PostgreSQL template database). */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await buildPgTemplate(url);
    project.provide('pgTemplateUrl', template.url);
    project.provide('pgliteTemplate', '');
    return template.drop;
  }
  project.provide('pgliteTemplate', existsSync(PGLITE_TEMPLATE) ? PGLITE_TEMPLATE : await buildPgliteTemplate());
  project.provide('pgTemplateUrl', '');
  return undefined;
}
