// Layers and areas (docs/architecture.md, Layout): routes and jobs -> services -> adapters -> lib.
// A service area's files are its own; other code uses the area's index.ts. The SPA's features never
// import each other or app/: what two features share lives in components/, hooks/ or lib/.
const restrict = (...patterns) => ["error", { patterns }];
const serviceInternals = {
  regex: "services/(?!api/)[^/]+/[^/]+$|services/api/[^/]+/[^/]+$",
  message: "Import the service area's index.ts (worker/services/<area>), not its files.",
};
const upward = (layers, why) => ({ regex: `(^|/)(${layers.join("|")})(/|$)`, message: why, allowTypeImports: true });
export const boundaries = [
  {
    files: ["worker/routes/**", "worker/jobs/**", "worker/app.ts", "worker/index.ts", "worker/lib/**"],
    rules: { "no-restricted-imports": restrict(serviceInternals) },
  },
  {
    files: ["worker/lib/**", "worker/text/**"],
    rules: {
      "no-restricted-imports": restrict(serviceInternals, upward(["services", "routes", "jobs", "adapters"], "lib/ and text/ sit below every other layer.")),
    },
  },
  {
    files: ["worker/adapters/**"],
    rules: {
      "no-restricted-imports": restrict(
        upward(["services", "routes", "jobs"], "Adapters talk to outside services only; they never call up into services, routes or jobs."),
      ),
    },
  },
  {
    files: ["worker/services/*/**"],
    ignores: ["worker/services/api/**"],
    rules: {
      "no-restricted-imports": restrict(
        { regex: "^\\.\\./(?!\\.\\.|api/[^/]+$)[^/]+/.+", message: "Another area's internals: import its index.ts (../<area>) instead." },
        upward(["routes", "jobs"], "Services never import routes or jobs."),
      ),
    },
  },
  {
    files: ["worker/services/api/**"],
    rules: {
      "no-restricted-imports": restrict(
        { regex: "^\\.\\./(?!\\.\\.)[^/]+/.+|^\\.\\./\\.\\./(?!\\.\\.)[^/]+/.+", message: "Another area's internals: import its index.ts instead." },
        upward(["routes", "jobs"], "Services never import routes or jobs."),
      ),
    },
  },
  {
    files: ["frontend/features/**"],
    rules: {
      "no-restricted-imports": restrict(
        { regex: "^\\.\\./(?!\\.\\.)[^/]+/", message: "Features never import each other: move what both need to components/, hooks/ or lib/." },
        { regex: "(^|/)app/", message: "Features never import app/: the app composes features, not the other way round." },
      ),
    },
  },
  {
    files: ["frontend/components/**", "frontend/lib/**", "frontend/hooks/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "(^|/)(features/|app/(?!theme$))",
        message: "Shared code never imports a feature or app/ (the theme aside).",
      }),
    },
  },
];
