import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on 127.0.0.1 (port 0: a free one) and answers its URL and a close that drops open connections. */
export async function listenLocal(server: Server, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
