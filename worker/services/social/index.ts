// The social area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { disconnectAccount, listAccounts } from "./accounts";
export { chooseAccount, completeConnect, connectWithAppPassword, startConnect } from "./connect";
export { getPublishingCredentials, markReconnectNeeded, type PublishingCredentials, refreshDueTokens, remindReconnects } from "./credentials";
export { completeOAuth, networkAvailability, startOAuth } from "./oauth";
