// Server entry of the build-time pre-render (vite.config.ts, decision 163): renders a public path
// to HTML with the real app (providers, theme, routes), waiting for its lazy screen. Chakra's
// emotion styles come out as inline <style data-emotion> tags in front of their elements; they are
// handed back apart from the markup for the page's <head> (decision 166): left in the body, ~65 KB
// of CSS sat between the markup and a phone's first paint could show a half-parsed page (the
// /login card grew from 231 to 641 px, a layout shift). Emotion's client cache finds them in
// <head> by the same data-emotion attribute, in the same order.
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./app/app";
import { AppRoutes, preloadPrerendered } from "./app/router";

/** Splits the emotion style tags (in document order) from the markup. */
export function hoistStyles(html: string): { styles: string; markup: string } {
  const styles: string[] = [];
  const markup = html.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, (tag) => {
    styles.push(tag);
    return "";
  });
  return { styles: styles.join(""), markup };
}

export async function render(path: string): Promise<{ styles: string; markup: string }> {
  // As main.tsx does before hydrating: the page's module is there (the dashboard's frame is only
  // shown before the session is known where it came pre-rendered, router.tsx).
  await preloadPrerendered(path);
  const { prelude } = await prerender(
    <App
      router={
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
  return hoistStyles(await new Response(prelude).text());
}
