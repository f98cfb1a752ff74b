export { ActivityPage as default } from "./team-page";
