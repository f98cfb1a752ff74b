import { Link } from "@chakra-ui/react";

/** Local runs send no real email: the link lands in the dev outbox, so say where to find it. */
export function DevOutboxHint() {
  return (
    <>
      {" "}
      Running locally: open the{" "}
      <Link href="/dev/outbox" target="_blank" rel="noopener" color="brand.fg">
        dev outbox
      </Link>{" "}
      to click it.
    </>
  );
}
