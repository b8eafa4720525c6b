import { z } from 'zod';

export const categorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable().describe('Root-relative URL under /media/'),
  })
  .meta({ id: 'Category' });

export type Category = z.infer<typeof categorySchema>;
