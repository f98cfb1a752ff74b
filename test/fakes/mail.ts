// Fake of a Resend-style mail API: POST /mail/emails with a bearer key records the message;
// GET /mail/_sent?to=... lists what was received, for tests to assert on. A recipient starting
// with "fail" makes the API answer 500, to exercise error handling.
import { registerFake } from "./server.ts";

const FAKE_MAIL_KEY = "test-mail-key";

type Received = { from: string; to: string[]; subject: string; text: string; html?: string; authorization: string };
const received: Received[] = [];

registerFake("/mail/", (req, res, body, url) => {
  const send = (status: number, data: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data));
    return true;
  };
  if (req.method === "GET" && url.pathname === "/mail/_sent") {
    const to = url.searchParams.get("to");
    return send(
      200,
      received.filter((m) => !to || m.to.includes(to)),
    );
  }
  if (req.method === "POST" && url.pathname === "/mail/emails") {
    const authorization = req.headers.authorization ?? "";
    if (authorization !== `Bearer ${FAKE_MAIL_KEY}`) return send(401, { message: "invalid api key" });
    let msg: Received;
    try {
      msg = { ...(JSON.parse(body.toString("utf8")) as Omit<Received, "authorization">), authorization };
    } catch {
      return send(400, { message: "invalid json" });
    }
    if (!Array.isArray(msg.to) || !msg.to.length || !msg.subject || !msg.from) return send(422, { message: "missing fields" });
    if (msg.to.some((t) => t.startsWith("fail"))) return send(500, { message: "internal error" });
    received.push(msg);
    return send(200, { id: `mail_${received.length}` });
  }
  return false;
});
