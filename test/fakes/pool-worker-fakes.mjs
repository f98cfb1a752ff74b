// The local fakes of outside services (on 127.0.0.1) in a process of their own, for one Worker
// test file at a time (test/fakes/per-pool-worker.ts, docs/decisions/324): the sandboxes, fault
// switches and contract-violation log are this process's alone, so two files running at once do
// not see each other's. Prints its URL as the first line of stdout; ends when stdin closes (the
// test run ended, however it ended).

// The sandbox downloads image_url (platforms/shared/sandbox-media.ts). The app runs inside workerd
// (http://localhost in these tests) and is not reachable over TCP, so its media and the test's
// public image hosts are served from bytes each test PUTs at /_media?url=...; the fakes server's
// own pages (/web/...) are fetched over HTTP. Everything else is fetched as the real API would.
process.env.SANDBOX_MEDIA_STORE = "1";
// Tests only: every request to the platform sandbox is checked against its network's contract.
await import("./contract-log.ts");
const { startFakes } = await import("./server.ts");
const fakes = await startFakes();
process.env.SANDBOX_PUBLIC_ORIGINS = [fakes.url, "http://localhost", "https://images.example.com", "https://brandpilot.example"].join(",");
process.stdout.write(`${fakes.url}\n`);
process.stdin.on("end", () => void fakes.close().then(() => process.exit(0)));
process.stdin.resume();
