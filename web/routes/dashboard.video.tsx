import { videoFormSchema } from '../../contract/content';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, outcome } from '../features/admin/admin.server';
import { VideoSection } from '../features/admin/home-media-sections';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import { answerTo } from '../lib/answer';
import type { Route } from './+types/dashboard.video';

export const handle: SectionHandle = { title: 'Featured video' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'video', () => context.services.content.latestVideo());
}

/** `save`: the pasted link, checked and stored as the watch URL of its video; `delete`: no featured video. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { save, delete: remove });
}

async function save({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, videoFormSchema);
  if (submission.status !== 'success') return invalid('save', submission);
  try {
    await context.services.content.setVideo(submission.value.youtube_url);
  } catch (err) {
    return refusal('save', err, { submission });
  }
  return done('save', { message: 'Video updated successfully', submission, reset: true });
}

function remove({ context }: IntentArgs<Route.ActionArgs>) {
  return outcome('delete', () => context.services.releasing(() => context.services.content.deleteVideo()), 'Video deleted successfully');
}

export default function VideoRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <VideoSection video={loaderData} answer={answerTo(actionData, 'save')} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading video" />;
}
