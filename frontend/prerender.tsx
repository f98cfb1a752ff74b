// Server entry of the build-time pre-render (vite.config.ts, decision 163): renders a public path
// to HTML with the real app (providers, theme, routes), waiting for its lazy screen. Chakra's
// emotion styles come out as inline <style data-emotion> tags, which emotion moves into <head>
// on the client before React hydrates.
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./app/app";
import { AppRoutes } from "./app/router";

export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <App
      router={
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
  return new Response(prelude).text();
}
