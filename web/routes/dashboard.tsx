import { Link } from "react-router";
import {
  RequireSuperuser,
  SessionProvider,
} from "../features/accounts/session";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Panel | Teakwood Studio" },
  { name: "robots", content: "noindex" },
];

/** The admin panel sits outside the main layout, so it brings its own session. */
export default function DashboardRoute() {
  return (
    <SessionProvider>
      <RequireSuperuser>
        <main className="container-page py-24 text-center">
          <h1 className="text-4xl text-teak-900">Admin Panel</h1>
          <p className="mt-4 text-teak-800">The admin panel is coming soon.</p>
          <Link to="/" className="btn-primary mt-8">
            Back to the shop
          </Link>
        </main>
      </RequireSuperuser>
    </SessionProvider>
  );
}
