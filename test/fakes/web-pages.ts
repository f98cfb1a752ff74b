// Fake web pages for brain URL scraping (tests and the offline demo), under /web/:
//   /web/brand.html         an HTML page with chrome (nav, script, style, footer) around the content
//   /web/plain.txt          a text/plain page
//   /web/redirect?to=URL    302 to URL (relative or absolute); /web/redirect-loop redirects forever
//   /web/large              a page over 2 MB; /web/slow waits 3 s before answering
//   /web/image.png          a non-text content type; /web/missing answers 404
// `npm start` serves these pages from their own tiny server (demo-web-server.ts), never from the
// platform sandbox, so the only local origin the brain may scrape exposes nothing of any user.
//   /web/photo.png          a small valid PNG (CSV import images)
//   /web/feed.xml           an RSS feed of two articles (RSS to drafts)
import { registerFake, type FakeHandler } from "./server.ts";

const BRAND_PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme Trail Co. &ndash; About us</title>
<style>body { font-family: sans-serif } .hidden { display: none }</style>
<script>window.tracking = "do not keep this script text";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/shop">Shop navigation link</a></nav>
<header><h1>About Acme Trail Co.</h1></header>
<main>
<h2>Our mission</h2>
<p>Acme Trail Co. builds lightweight hiking backpacks from recycled ocean plastic &amp; canvas.</p>
<p>Every pack is designed in Boulder, Colorado and carries a <strong>lifetime warranty</strong>.</p>
<ul><li>Summit 30: our best-selling daypack</li><li>Ridge 45: built for overnight trips</li></ul>
<p>We plant a tree for every order &#8212; over 50,000 so far.</p>
</main>
<footer>Copyright footer text 2026. All rights reserved.</footer>
<script>console.log("late script")</script>
</body></html>`;

export const handleWebPage: FakeHandler = async (req, res, _body, url) => {
  const path = url.pathname;
  if (path === "/web/brand.html") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BRAND_PAGE_HTML);
    return true;
  }
  if (path === "/web/plain.txt") {
    res
      .writeHead(200, { "content-type": "text/plain; charset=utf-8" })
      .end("Plain text page about Northwind Coffee Roasters and their Morning Ritual subscription.");
    return true;
  }
  if (path === "/web/redirect") {
    res.writeHead(302, { location: url.searchParams.get("to") ?? "/web/brand.html" }).end();
    return true;
  }
  if (path === "/web/redirect-loop") {
    res.writeHead(302, { location: "/web/redirect-loop" }).end();
    return true;
  }
  if (path === "/web/large") {
    res.writeHead(200, { "content-type": "text/html" });
    const chunk = "<p>" + "x".repeat(64 * 1024) + "</p>";
    for (let i = 0; i < 40; i++) res.write(chunk);
    res.end();
    return true;
  }
  if (path === "/web/slow") {
    await new Promise((r) => setTimeout(r, 3000));
    if (!res.destroyed) res.writeHead(200, { "content-type": "text/html" }).end("<p>slow</p>");
    return true;
  }
  if (path === "/web/image.png") {
    res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    return true;
  }
  if (path === "/web/photo.png") {
    // A whole PNG signature and header: passes the upload's magic-byte check (CSV import images).
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    res.writeHead(200, { "content-type": "image/png" }).end(png);
    return true;
  }
  if (path === "/web/feed.xml") {
    const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
    const item = (n: number, title: string, text: string) =>
      `<item><title>${title}</title><link>${origin}/web/journal/${n}</link><guid isPermaLink="false">journal-${n}</guid><pubDate>${new Date(Date.UTC(2026, 10, 20 + n)).toUTCString()}</pubDate><description><![CDATA[<p>${text}</p>]]></description></item>`;
    res
      .writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Acme Trail Journal</title><link>${origin}/web/brand.html</link>` +
          item(1, "Packing the Summit 30 for a day hike", "What fits in 30 liters, and what to leave at home.") +
          item(2, "Why we plant a tree for every order", "Over 50,000 trees so far, and where they grow.") +
          `</channel></rss>`,
      );
    return true;
  }
  void req;
  return false;
};

registerFake("/web/", handleWebPage);
