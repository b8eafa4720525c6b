import { videoFormSchema } from '../../contract/content';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, invalidAdminForm, outcome, refusedForm, savedForm, unknownIntent } from '../features/admin/admin.server';
import { VideoSection } from '../features/admin/home-media-sections';
import { readForm } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.video';

export const handle: SectionHandle = { title: 'Featured video' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'video', () => context.services.content.latestVideo());
}

/** `save`: the pasted link, checked and stored as the watch URL of its video; `delete`: no featured video. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const intent = intentOf(await request.clone().formData());
  if (intent === 'delete')
    return outcome(() => context.services.releasing(() => context.services.content.deleteVideo()), 'Video deleted successfully');
  if (intent !== 'save') return unknownIntent();
  const submission = await readForm(request, videoFormSchema);
  if (submission.status !== 'success') return invalidAdminForm(submission);
  try {
    await context.services.content.setVideo(submission.value.youtube_url);
    return savedForm(submission, 'Video updated successfully');
  } catch (err) {
    return refusedForm(submission, err);
  }
}

export default function VideoRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <VideoSection video={loaderData} answer={actionData && 'result' in actionData ? actionData : undefined} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading video" />;
}
