import { z } from 'zod';
import { adminMessagesQuerySchema, MESSAGE_KINDS, pageQuerySchema } from '../../contract/admin';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome } from '../features/admin/admin.server';
import { MESSAGES_PAGE, MessagesSection, type MessagesData } from '../features/admin/messages-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.messages';

export const handle: SectionHandle = { title: 'Messages' };

/** The inbox, or with ?tab=sent the outbox; kind, unread and offset from the address. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'messages', async (): Promise<MessagesData> => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const { admin } = context.services;
    if (params.tab === 'sent') {
      const q = pageQuerySchema.safeParse({ offset: params.offset, limit: MESSAGES_PAGE });
      return { tab: 'sent', page: await admin.outbox(q.success ? q.data : { limit: MESSAGES_PAGE, offset: 0 }) };
    }
    const q = adminMessagesQuerySchema.safeParse({ kind: params.kind, unread: params.unread, offset: params.offset, limit: MESSAGES_PAGE });
    return { tab: 'inbox', page: await admin.messages(q.success ? q.data : { limit: MESSAGES_PAGE, offset: 0 }) };
  });
}

const readSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  id: z.coerce.number().int().positive(),
  read: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** Marks a message read, or unread again. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { read: markRead });
}

async function markRead({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const parsed = readSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return missingItem('read');
  const { kind, id, read } = parsed.data;
  return outcome('read', () => context.services.admin.markMessage(kind, id, read), read ? 'Message marked read' : 'Message marked unread');
}

export default function MessagesRoute({ loaderData }: Route.ComponentProps) {
  return <MessagesSection data={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading messages." />;
}
