// Why a post failed, as the publisher stored it. Some reasons point the user somewhere to look
// (a post the network cannot confirm: "Check ...: we could not confirm this post. Look for it at
// https://..."; decision 196), so an https address in the text is a link that opens in a new tab.
import { Link } from "@chakra-ui/react";
import { Fragment } from "react";

// Sentence punctuation right after an address is not part of it.
const HTTPS_URL = /https:\/\/[^\s<>"']+?(?=[.,;:!?)]*(?:\s|$))/g;

/** The message's text with each https address as a link. */
export function FailureMessage({ message }: { message: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of message.matchAll(HTTPS_URL)) {
    parts.push(message.slice(last, m.index));
    parts.push(
      <Link key={m.index} href={m[0]} target="_blank" rel="noopener noreferrer" color="inherit" textDecoration="underline" wordBreak="break-all">
        {m[0]}
      </Link>,
    );
    last = m.index + m[0].length;
  }
  parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
