// Each fake registers its handlers when imported here.
export {};
import "./mail.ts";
import "./platform-sandbox.ts";
import "./web-pages.ts";
import "./openai.ts";
import "./dns.ts";
